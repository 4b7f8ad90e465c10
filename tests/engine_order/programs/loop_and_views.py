# An unrolled loop (a chain of identical nodes), views and an in-place
# update on a non-leaf, and a retained graph run twice.
import torch

w = torch.randn(4, 4, requires_grad=True)
h = torch.zeros(2, 4)
for step in range(6):
    h = torch.tanh(h @ w + 1)
v = h.view(8)
u = v.clone()
u[2:5] *= 3
loss = u.sum() + v[0]
loss.backward(retain_graph=True)
loss.backward()
print(w.grad.shape)
