# oracle: pytorch
# covers: tensor hooks on views and after in-place operations, retain_grad ordering relative to hooks, hook on a leaf vs on its clone
import torch

a = torch.ones(4, requires_grad=True)
b = a * 2
seen = []
b.register_hook(lambda g: seen.append(("b", g.tolist())))
v = b[1:3]
v.register_hook(lambda g: seen.append(("v", g.tolist())))
b.retain_grad()
b.register_hook(lambda g: g * 10)
(v * 5).sum().backward()
for s in seen:
    print(s)
print(b.grad, a.grad)

c = torch.ones(3, requires_grad=True)
d = c.clone()
d.register_hook(lambda g: print("hook on d before add_", g))
d.add_(1)
d.register_hook(lambda g: print("hook on d after add_", g))
(d * 2).sum().backward()
print(c.grad)
