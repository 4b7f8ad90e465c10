# AdaptiveLogSoftmaxWithLoss checks that every target fell in some cluster and
# names the range it saw.
import torch
from torch import nn

asm = nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs=[4])
out = asm(torch.randn(3, 8), torch.tensor([0, 5, 12]))
