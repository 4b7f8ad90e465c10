# A backward on meta tensors (shapes, no values): the graph, its gradients'
# shapes and devices, and nothing that would need the values.
import torch

x = torch.randn(3, 4, device="meta", requires_grad=True)
w = torch.randn(4, 2, device="meta", requires_grad=True)
y = ((x @ w) * 2).exp().sum()
print(y.grad_fn.name(), y.device, y.shape)
y.backward()
print(x.grad.device, x.grad.shape, w.grad.shape, w.grad.is_meta)
print(x.grad)
