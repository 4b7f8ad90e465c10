# A script written for multi-process training run as one process:
# DistributedDataParallel needs init_process_group first, as in PyTorch.
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP

model = DDP(nn.Linear(4, 2))
