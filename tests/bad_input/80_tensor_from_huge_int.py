import torch

# A Python int beyond 64 bits as tensor data.
seed = 3 ** 50
t = torch.tensor([1, seed])
print(t)
