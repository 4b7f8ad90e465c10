# A small MLP's training loop with torch.optim.SGD (momentum): forward,
# loss, backward, optimizer.step(). Prints CPU seconds per step of the hot
# loop, so the same program times the plain loop and the loop recorded by
# `--trace OUT --trace-mode summary` (bench/steps_bench.py). The loop runs
# in chunks of 100 steps and the best chunk counts: on a loaded machine a
# whole-loop time is mostly the neighbours' load, where a chunk that ran
# undisturbed shows what a step costs.
import time

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 4))
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
loss_fn = nn.MSELoss()
x = torch.randn(8, 16)
y = torch.randn(8, 4)


def step():
    optimizer.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    optimizer.step()


for _ in range(50):
    step()
chunks, chunk = 20, 100
best = float("inf")
for _ in range(chunks):
    start = time.process_time()
    for _ in range(chunk):
        step()
    best = min(best, (time.process_time() - start) / chunk)
print(best)
