# One training step of a small MLP on tiny tensors with torch.optim.SGD
# (momentum): zero_grad, forward, loss, backward, optimizer.step(). The
# per-step cost is the Module and Optimizer machinery and the interpreter,
# not the arithmetic. Prints seconds per step.
import time

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 4))
loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
x = torch.randn(8, 16)
y = torch.randn(8, 4)


def step():
    optimizer.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    optimizer.step()
    return loss


for _ in range(50):
    step()
steps = 1000
start = time.process_time()
for _ in range(steps):
    step()
print((time.process_time() - start) / steps)
