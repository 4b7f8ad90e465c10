import torch
x = torch.ones(2)
assert x.shape == (3,), "wrong shape"
