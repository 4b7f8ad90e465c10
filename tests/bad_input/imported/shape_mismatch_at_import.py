import torch

weights = torch.ones(3)
bias = torch.zeros(4)
shifted = weights + bias
