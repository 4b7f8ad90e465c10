import torch
x = torch.zeros(2).pin_memory()
