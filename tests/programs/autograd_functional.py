# torch.autograd.functional: jacobian, hessian, vjp, jvp, hvp, vhp, with
# tuple inputs and outputs, create_graph, strict mode and their errors.
import torch
from torch.autograd.functional import jacobian, hessian, vjp, jvp, hvp, vhp


def f(x):
    return x ** 2 * x.sum()


def g(a, b):
    return a * b.exp(), (a + b).sin()


def scalar(x):
    return (x ** 3).sum() + x.prod()


def scalar2(a, b):
    return (a * b).sum() * a.sum() + b.pow(2).sum()


x = torch.tensor([1.0, 2.0, 0.5])
a = torch.tensor([0.3, -0.2])
b = torch.tensor([1.5, 0.25])

print(jacobian(f, x))
jg = jacobian(g, (a, b))
print(type(jg).__name__, len(jg), [type(row).__name__ for row in jg])
for row in jg:
    for j in row:
        print(j)

print(hessian(scalar, x))
h2 = hessian(scalar2, (a, b))
for row in h2:
    for h in row:
        print(h)

v = torch.tensor([1.0, -1.0, 2.0])
out, vj = vjp(f, x, v)
print(out, vj)
out, vjs = vjp(g, (a, b), (torch.ones(2), torch.tensor([2.0, 3.0])))
print(out, vjs)
print(vjp(lambda t: t.sum() * 2, x))

out, jv = jvp(f, x, v)
print(out, jv)
out, jvs = jvp(g, (a, b), (torch.ones(2), torch.tensor([0.5, -1.0])))
print(out, jvs)

print(hvp(scalar, x, v))
print(vhp(scalar, x, v))
print(hvp(scalar2, (a, b), (torch.ones(2), torch.zeros(2))))
print(vhp(scalar2, (a, b), (torch.ones(2), torch.zeros(2))))

# create_graph: the results are differentiable
xr = x.clone().requires_grad_()
jac = jacobian(f, xr, create_graph=True)
print(jac.requires_grad, jac.grad_fn is not None)
jac.sum().backward()
print(xr.grad)
print(jacobian(f, xr).requires_grad)
_, hv = hvp(scalar, xr, v, create_graph=True)
print(hv.requires_grad)

# independent inputs: zeros, or errors in strict mode
def uses_a_only(a, b):
    return a * 2

print(jacobian(uses_a_only, (a, b)))
for fn, args in [
    (lambda: jacobian(uses_a_only, (a, b), strict=True), None),
    (lambda: vjp(uses_a_only, (a, b), torch.ones(2), strict=True), None),
    (lambda: jacobian(lambda t: torch.ones(2), a, strict=True), None),
    (lambda: hessian(lambda t: t.sum(), a, strict=True), None),
    (lambda: vjp(f, x), None),
    (lambda: vjp(f, x, torch.ones(2)), None),
    (lambda: vjp(g, (a, b), (torch.ones(2),)), None),
    (lambda: jvp(f, [x], v), None),
    (lambda: jacobian(f, 3.0), None),
    (lambda: jacobian(g, (a, 2)), None),
    (lambda: hessian(f, x), None),
    (lambda: hvp(g, (a, b), (a, b)), None),
    (lambda: vhp(scalar, x, torch.ones(2)), None),
    (lambda: jacobian(f, x, strict=True, vectorize=True), None),
]:
    try:
        fn()
        print("no error")
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__ + ":", e)
