# requires: cuda
# A backward on CUDA tensors: grads land on the device, node names are the
# CUDA ones, and the values match PyTorch's (same libtorch, same kernels).
import torch

torch.manual_seed(0)
x = torch.randn(4, 3, device="cuda", requires_grad=True)
w = torch.randn(3, 2, device="cuda", requires_grad=True)
h = (x @ w).relu()
loss = (h * h).sum()
print(loss.grad_fn, loss.device, loss.is_cuda)
print([type(f).__name__ if f is not None else None for f, _ in h.grad_fn.next_functions])
loss.backward()
print(x.grad.device, w.grad.device, x.grad.shape, w.grad.shape)
print(torch.allclose(w.grad, 2 * x.t() @ (h * (x @ w > 0))))
print(x.grad.norm().item() > 0, torch.isfinite(x.grad).all().item())
print(torch.cuda.is_available(), torch.cuda.device_count() > 0, torch.cuda.is_initialized())
