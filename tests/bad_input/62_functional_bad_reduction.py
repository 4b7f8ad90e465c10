import torch
import torch.nn.functional as F

x = torch.randn(3)
print(F.mse_loss(x, torch.zeros(3), reduction='average'))
