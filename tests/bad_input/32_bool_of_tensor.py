import torch
x = torch.ones(3)
if x > 0:
    print("positive")
