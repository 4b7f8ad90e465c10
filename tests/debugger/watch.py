# :watch NAME pauses the forward at the line after one that modifies the
# tensor in place, and the backward before the node its gradient flows into.
import torch

x = torch.tensor([1., 2., 3.], requires_grad=True)
h = x * 2
breakpoint()
g = h.exp()
h.add_(1)
loss = (g * h).sum()
loss.backward()
print("x.grad", x.grad)
