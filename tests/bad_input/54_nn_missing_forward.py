import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def foward(self, x):
        return self.fc(x)


Net()(torch.ones(1, 2))
