"""torch.optim, written in the language backstep interprets: each optimizer
calls the same ATen operators, in the same order, as PyTorch 2.15's default
CPU implementation, so parameters and state are bit-identical. See
docs/optim.md."""
from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
