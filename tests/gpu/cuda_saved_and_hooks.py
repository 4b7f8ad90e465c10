# requires: cuda
# Saved tensors, save_on_cpu(pin_memory=True) and hooks on CUDA tensors.
import torch

x = torch.arange(4.0, device="cuda", requires_grad=True)
y = x.sin()
print(y.grad_fn._saved_self.device, torch.equal(y.grad_fn._saved_self, x))
with torch.autograd.graph.save_on_cpu(pin_memory=True):
    z = (x * x).sum()
seen = []
x.register_hook(lambda g: seen.append(g.device))
z.backward()
print(seen, x.grad)
w = torch.ones(3, device="cuda", requires_grad=True)
v = w * 3
v.retain_grad()
v.sum().backward()
print(v.grad, w.grad)
try:
    torch.zeros(1, device="cuda:99")
except RuntimeError as e:
    print(type(e).__name__, str(e).splitlines()[0])
