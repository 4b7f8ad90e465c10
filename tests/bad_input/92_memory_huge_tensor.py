# 40 GB: more than the machine can give, refused at once as PyTorch does
# (repl/allocation_failure.cpp), not grown until the OOM killer ends the run.
import torch
x = torch.ones(100000, 100000)
