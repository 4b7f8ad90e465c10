# Issue 15 item 2: at the post-mortem of an in-place error, :saved FIELD on
# the modified tensor shows its versions and the line that changed it (it
# cannot be unpacked), never an internal error or a C++ backtrace.
import torch

torch.manual_seed(0)
x = torch.randn(5, requires_grad=True)
gate = torch.sigmoid(x)
out = gate * x
gate.mul_(0.5)
out.sum().backward()
