# Forward + backward + a hand-written SGD update of one nn.TransformerEncoderLayer
# (d_model 16, 2 heads, feed-forward 32, dropout off so the step is
# deterministic) on a batch of 2 sequences of 5 tokens: the per-step cost is
# MultiheadAttention's and the layer's Python (the F.multi_head_attention_forward
# checks, projections, reshapes) plus the interpreter, not the arithmetic.
# Prints seconds per step.
import time

import torch
from torch import nn

torch.manual_seed(0)

layer = nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, dropout=0.0, batch_first=True)
x = torch.randn(2, 5, 16)
params = list(layer.parameters())


def step():
    layer.zero_grad()
    loss = layer(x).pow(2).mean()
    loss.backward()
    with torch.no_grad():
        for p in params:
            p.sub_(p.grad, alpha=0.01)
    return loss


for _ in range(20):
    step()
steps = 300
start = time.process_time()
for _ in range(steps):
    step()
print((time.process_time() - start) / steps)
