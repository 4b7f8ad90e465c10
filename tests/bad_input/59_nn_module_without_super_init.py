import torch
from torch import nn
class Net(nn.Module):
    def __init__(self):
        self.k = 3
    def forward(self, x):
        return x
Net()(torch.ones(1))
