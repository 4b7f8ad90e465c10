# A backward that fails in the engine: the trace still records what ran.
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.exp()
c = b * 2
b.add_(1)
c.sum().backward()
