# oracle: pytorch
# covers: nested saved_tensors_hooks (innermost wins), save_on_cpu, disable_saved_tensors_hooks
import torch

log = []

def tag(name):
    def pack(x):
        log.append("pack " + name + " " + str(tuple(x.shape)))
        return x
    def unpack(x):
        log.append("unpack " + name)
        return x
    return pack, unpack

a = torch.ones(3, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(*tag("outer")):
    b = a * 2
    with torch.autograd.graph.saved_tensors_hooks(*tag("inner")):
        c = b * b
    d = c.sin()
d.sum().backward()
for line in log:
    print(line)
print(a.grad)

x = torch.randn(4, requires_grad=True)
with torch.autograd.graph.save_on_cpu():
    y = (x * x).exp()
y.sum().backward()
print(torch.allclose(x.grad, 2 * x * (x * x).exp()))

with torch.autograd.graph.disable_saved_tensors_hooks("saved tensor hooks are off here"):
    try:
        with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
            pass
    except RuntimeError as e:
        print("RuntimeError:", e)
