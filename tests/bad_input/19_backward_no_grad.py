import torch
x = torch.ones(3)
loss = x.sum()
loss.backward()
