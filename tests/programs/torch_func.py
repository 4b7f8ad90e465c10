# covers: torch.func as far as backstep reaches it through libtorch: grad (argnums,
# has_aux, nested for higher derivatives, attached to an outer graph when the
# input requires grad), grad_and_value, vjp (several primals and outputs, vjp_fn
# called twice), jvp through libtorch's forward-mode AD; functorch's own errors;
# vmap refused with NotImplementedError
import torch
from torch.func import grad, grad_and_value, jvp, vjp

x = torch.tensor([1.0, 2.0, 3.0])


def f(t):
    return (t.sin() * t).sum()


g = grad(f)(x)
print(g, g.requires_grad, g.grad_fn)
print(grad(lambda t: t ** 3)(torch.tensor(2.0)))
print(grad(grad(lambda t: t ** 3))(torch.tensor(2.0)))
print(grad(grad(grad(lambda t: t ** 3)))(torch.tensor(2.0)))
print(grad(lambda a, b: (a * b).sum(), argnums=(0, 1))(x, x + 1))
print(grad(lambda a, b: (a * b).sum(), argnums=1)(x, x + 1))
print(grad(lambda t: ((t * 2).sum(), t.mean()), has_aux=True)(x))
print(grad(lambda t: torch.tensor(1.0))(x))
print(grad(lambda t, scale=1.0: (t * scale).sum())(x, scale=3.0))
print(grad_and_value(f)(x))
print(grad_and_value(lambda t: (t.exp().sum(), (t * 2, [t.sum()])), has_aux=True)(x))

# An input that requires grad: the gradient stays on the outer graph.
w = torch.tensor([1.0, 2.0], requires_grad=True)
gw = grad(f)(w)
print(gw)
gw.sum().backward()
print(w.grad)

out, vjp_fn = vjp(lambda t: t * 2, x)
print(out, vjp_fn(torch.ones(3)))
outs, vjp_fn = vjp(lambda a, b: (a * b, a + b), x, x)
print(outs)
print(vjp_fn((torch.ones(3), torch.ones(3))))
print(vjp_fn((torch.ones(3), torch.zeros(3))))
print(vjp(lambda t: t.sum(), x)[1](torch.tensor(2.0)))

print(jvp(lambda t: t.sin(), (x,), (torch.ones(3),)))
print(jvp(lambda a, b: a * b, (x, x), (torch.ones(3), torch.zeros(3))))
print(jvp(lambda t: (t.exp(), t.sum()), (x,), (torch.ones(3),)))
print(jvp(lambda t: torch.ones(2), (x,), (torch.ones(3),)))

for call in (lambda: grad(lambda t: t)(x),
             lambda: grad(lambda t: 1.0)(x),
             lambda: grad(lambda t: t.sum(), argnums=3)(x),
             lambda: vjp(lambda t: t * 2, x)[1](torch.ones(2)),
             lambda: jvp(lambda t: t, x, x)):
    try:
        call()
    except RuntimeError as e:
        print("RuntimeError:", e)
