# SyncBatchNorm takes any input of at least two dimensions (N, C, ...).
import torch
from torch import nn

norm = nn.SyncBatchNorm(3)
y = norm(torch.randn(3))
