# inplace_bug: the classic "modified by an inplace operation" error.
# expect-exit: 1
#
# sigmoid saves its output for the backward pass; scaling that output in
# place afterwards makes the saved value wrong, and backward refuses.
# PyTorch's message says a tensor was modified; backstep adds which node
# saved it, under which name, at which version, and the line that changed
# it:
#
#   scripts/run examples/inplace_bug.py
#
# In the debugger, the failing node is where it stops (post-mortem):
#
#   scripts/run debug examples/inplace_bug.py
#   (#..) :saved self   the saved `gate`: its versions, the line that changed it
#   (#..) :where
import torch

torch.manual_seed(0)
x = torch.randn(5, requires_grad=True)
gate = torch.sigmoid(x)       # saves its output, `gate`, for backward
out = gate * x
gate.mul_(0.5)                # ... which is changed in place here
out.sum().backward()
