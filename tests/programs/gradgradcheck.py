# oracle: pytorch
# covers: torch.autograd.gradgradcheck passing (random grad_outputs drawn as PyTorch draws them, explicit and non-contiguous grad_outputs, several outputs, a loop) and failing (a hook that detaches the gradient keeps first derivatives right and second ones wrong), raise_exception=False, and the generator state afterwards
import torch
from torch.autograd import gradcheck, gradgradcheck

torch.manual_seed(0)
x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.double, requires_grad=True)
w = torch.randn(3, 2, dtype=torch.double, requires_grad=True)

print(gradgradcheck(lambda x, w: (x @ w).tanh(), (x, w)))
print(torch.rand(2))
print(gradgradcheck(lambda x: x ** 3, (x,), (torch.ones(3, dtype=torch.double),)))
print(gradgradcheck(lambda x: x ** 3, (x,), gen_non_contig_grad_outputs=True))
print(gradgradcheck(lambda x: (x ** 3, x.sum() * 2), (x,)))


def loop(x, n):
    for i in range(n):
        x = x * x.cos()
    return x


print(gradgradcheck(loop, (x, 3)))


def detached_grad(x):
    y = x * 3
    y.register_hook(lambda g: None if g is None else g.detach() + g * 0)
    return y.sin()


print(gradcheck(detached_grad, (x,)))
try:
    gradgradcheck(detached_grad, (x,))
except RuntimeError as e:
    print(type(e).__name__)
    print(e)
print(gradgradcheck(detached_grad, (x,), raise_exception=False))
print(torch.rand(2))
