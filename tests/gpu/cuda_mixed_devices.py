# requires: cuda
# Gradients crossing devices: a CPU leaf moved to the GPU and back.
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.cuda()
c = (b * 2).exp().sum()
d = c.cpu() + a.sum()
print(b.grad_fn.name(), c.grad_fn.name(), d.grad_fn.name())
d.backward()
print(a.grad.device, a.grad.shape, torch.allclose(a.grad, 2 * (2 * a.detach()).exp() + 1))
x = torch.ones(2, device="cuda", requires_grad=True)
y = x.to("cpu", torch.float64) * 3
y.sum().backward()
print(x.grad, x.grad.dtype)
