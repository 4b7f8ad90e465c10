# Logging pre-hooks through the debugger UI: one line per node as the
# engine runs it, with the node's id and creating line, PyTorch's dtype
# abbreviations, and None for a gradient that does not flow.
import torch

a = torch.ones(2, 3, dtype=torch.float64, requires_grad=True)
b = torch.ones(3, requires_grad=True)
u, v = a.unbind(0)
loss = (u * 2).sum() + b.sum()
loss.backward()
print("a.grad", a.grad)
