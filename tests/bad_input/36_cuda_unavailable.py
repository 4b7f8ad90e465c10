import torch
x = torch.ones(2, device="cuda")
