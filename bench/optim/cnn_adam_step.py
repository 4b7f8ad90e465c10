# One training step of a small CNN (conv, pool, linear) on an MNIST-shaped
# batch of 4 with torch.optim.Adam: zero_grad, forward, cross-entropy,
# backward, optimizer.step(). Prints seconds per step.
import time

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(4, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(8 * 7 * 7, 10),
)
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
x = torch.randn(4, 1, 28, 28)
y = torch.tensor([1, 7, 3, 0])


def step():
    optimizer.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    optimizer.step()
    return loss


for _ in range(20):
    step()
steps = 200
start = time.process_time()
for _ in range(steps):
    step()
print((time.process_time() - start) / steps)
