# The graph most transcripts debug: a two-layer computation with a shared leaf.
import torch

x = torch.tensor([1., 2., 3.], requires_grad=True)
w = torch.tensor([0.5, -1., 2.], requires_grad=True)
y = x * w
z = y.exp()
loss = z.sum() + (w ** 2).sum()
loss.backward(retain_graph=True)
print("x.grad", x.grad)
print("w.grad", w.grad)
