import torch
a = torch.randn(2, 3)
b = torch.randn(4, 5)
c = a @ b
