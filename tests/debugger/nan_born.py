# Where a NaN/Inf is born: sqrt has an infinite slope at 0, so its node
# turns a finite gradient into an infinite one; the leaf only carries it.
import torch

x = torch.tensor([0., 1., 4.], requires_grad=True)
y = x.sqrt()
z = (y * 2).sum()
z.backward()
print(x.grad)
