# oracle: pytorch
# covers: torch.autograd.gradcheck failing with PyTorch's messages: a hook that doubles a gradient (Jacobian mismatch, GradcheckError is a RuntimeError), raise_exception=False, a mismatch on the second output and input, a non-reentrant backward, no differentiable outputs, outputs changing shape, backward that cannot take undefined gradients, complex outputs, no input requiring grad, a non-double input (warning on stderr)
import torch
from torch.autograd import gradcheck
from torch.autograd.gradcheck import GradcheckError

x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.double, requires_grad=True)
w = torch.tensor([[1.0, -2.0], [0.5, 0.25], [3.0, 1.5]], dtype=torch.double, requires_grad=True)


def doubled(x):
    y = x * 3
    y.register_hook(lambda g: g * 2)
    return y.sin()


try:
    gradcheck(doubled, (x,))
except RuntimeError as e:
    print(type(e), isinstance(e, GradcheckError))
    print(e)
print(gradcheck(doubled, x, raise_exception=False))


def second_wrong(x, w):
    v = w * 1
    v.register_hook(lambda g: g * -1)
    return x.exp(), x @ v


try:
    gradcheck(second_wrong, (x, w))
except GradcheckError as e:
    print(e)

calls = [0]


def drifting(g):
    calls[0] += 1
    return g * (1 + calls[0] * 1e-3)


def nondeterministic(x):
    y = x * 3
    y.register_hook(lambda g: None if g is None else drifting(g))
    return y.sin()


try:
    gradcheck(nondeterministic, (x,), atol=1e-1, rtol=1e-1)
except GradcheckError as e:
    print(e)
calls[0] = 0
print(gradcheck(nondeterministic, (x,), atol=1e-1, rtol=1e-1, nondet_tol=1e-1))

try:
    gradcheck(lambda x: (x * 2).detach(), (x,))
except GradcheckError as e:
    print(e)
print(gradcheck(lambda x: torch.zeros_like(x), (x,)))

try:
    gradcheck(lambda x: x if float(x[0]) <= 0.5 else x[:2], (x,))
except AssertionError as e:
    print("AssertionError:", e)


def undefined_unsafe(x):
    y = x * 3
    y.register_hook(lambda g: torch.ones(3, dtype=torch.double) if g is None else g)
    return y.sin()


try:
    gradcheck(undefined_unsafe, (x,))
except GradcheckError as e:
    print(e)
print(gradcheck(undefined_unsafe, (x,), check_undefined_grad=False))


def complex_doubled(x):
    y = x * 2
    y.register_hook(lambda g: g * 2)
    return torch.complex(y, y * 0.5)


try:
    gradcheck(complex_doubled, (x,))
except GradcheckError as e:
    print(e)

try:
    gradcheck(torch.sin, (torch.ones(2, dtype=torch.double), 3))
except ValueError as e:
    print("ValueError:", e)
try:
    gradcheck(lambda x: 3.0, (x,))
except AttributeError as e:
    print("AttributeError:", e)

xf = torch.tensor([0.5, -1.0], requires_grad=True)
print(gradcheck(torch.sin, (xf,), eps=1e-3, atol=1e-2))
print(gradcheck(torch.exp, (xf,), raise_exception=False))
