"""torch.optim, written in the language backstep interprets: each optimizer
calls the same ATen operators, in the same order, as PyTorch 2.15's default
CPU implementation, so parameters and state are bit-identical. See
docs/optim.md."""
from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW
from torch.optim.rmsprop import RMSprop
from torch.optim.adagrad import Adagrad
from torch.optim.adadelta import Adadelta
from torch.optim.adamax import Adamax
from torch.optim.nadam import NAdam
from torch.optim.radam import RAdam
from torch.optim.lbfgs import LBFGS
from torch.optim.asgd import ASGD
from torch.optim.rprop import Rprop
from torch.optim.sparse_adam import SparseAdam
from torch.optim._adafactor import Adafactor
from torch.optim._muon import Muon
from torch.optim import lr_scheduler, swa_utils
from torch.optim import functional

Adafactor.__module__ = 'torch.optim'
Muon.__module__ = 'torch.optim'
