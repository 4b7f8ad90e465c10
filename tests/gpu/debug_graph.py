# requires: cuda
# The debugger transcripts' graph on a device chosen by BACKSTEP_TEST_DEVICE
# (run_gpu_tests.py steps through it on cuda and on cpu and compares).
import os
import torch

device = os.environ.get("BACKSTEP_TEST_DEVICE", "cuda")
x = torch.tensor([1., 2., 3.], device=device, requires_grad=True)
w = torch.tensor([0.5, -1., 2.], device=device, requires_grad=True)
y = x * w
z = y.exp()
loss = z.sum() + (w ** 2).sum()
loss.backward(retain_graph=True)
print("x.grad", x.grad.cpu())
print("w.grad", w.grad.cpu())
