import torch
w = torch.ones(3, requires_grad=True)
w.add_(1)
