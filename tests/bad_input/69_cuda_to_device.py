import torch
x = torch.randn(2).to("cuda")
