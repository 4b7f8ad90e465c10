# torch.autograd.backward / grad with fewer gradients than outputs raise
# PyTorch's error (they once aborted inside libtorch's engine); extra
# gradients are ignored, as PyTorch zips them with the outputs.
import torch
x = torch.ones(2, requires_grad=True)
try:
    torch.autograd.backward([x.sum(), x.sum()], [None])
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.autograd.grad([x.sum(), x.sum()], [x], [None])
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.autograd.backward([x.sum()], [None, None])
except RuntimeError as e:
    print("RuntimeError:", e)
print(x.grad)
