# A small torch.nn model: the debugger pauses on its modules by path and by
# type, and :where shows the module stack of the paused node.
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3, 3)
        self.act = nn.Tanh()

    def forward(self, x):
        return x + self.act(self.linear(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())
        self.head = nn.Linear(3, 1)

    def forward(self, x):
        return self.head(self.blocks(x))


torch.manual_seed(0)
model = Net()
x = torch.randn(4, 3)
loss = model(x).pow(2).mean()
loss.backward()
print(model.blocks[0].linear.weight.grad)
