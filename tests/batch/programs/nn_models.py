# Real torch.nn models: module paths and parameter names in graphs and traces.
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


torch.manual_seed(0)
seq = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
net = Net()
x = torch.randn(5, 3)
seq_loss = seq(x).sum()
net_loss = net(x).sum()
(seq_loss + net_loss).backward()
