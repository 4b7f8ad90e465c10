# A backward whose tensors are not on the CPU: the debugger shows their
# device (meta here, cuda:0 on a GPU) and computes no statistics it cannot.
import torch

x = torch.randn(3, 4, device="meta", requires_grad=True)
w = torch.randn(4, 2, device="meta", requires_grad=True)
y = ((x @ w) * 2).exp().sum()
y.backward()
print("x.grad", x.grad.shape, x.grad.device)
