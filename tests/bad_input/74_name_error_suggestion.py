import torch
weights = torch.ones(2)
print(weigths)
