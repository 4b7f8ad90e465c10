# Forward + backward + a hand-written SGD update of a small MLP built from
# nn.Linear / nn.ReLU on tiny tensors: the per-step cost is the Module
# machinery and the interpreter, not the arithmetic. Prints seconds per step.
import time

import torch
from torch import nn

torch.manual_seed(0)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(32, 32)
        self.fc3 = nn.Linear(32, 4)

    def forward(self, x):
        return self.fc3(self.act(self.fc2(self.act(self.fc1(x)))))


model = MLP()
loss_fn = nn.MSELoss()
x = torch.randn(8, 16)
y = torch.randn(8, 4)
params = list(model.parameters())


def step():
    model.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    with torch.no_grad():
        for p in params:
            p.sub_(p.grad, alpha=0.01)
    return loss


for _ in range(50):
    step()
steps = 1000
start = time.process_time()
for _ in range(steps):
    step()
print((time.process_time() - start) / steps)
