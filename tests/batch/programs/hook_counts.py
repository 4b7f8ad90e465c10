# Two hooks on a leaf, three on an intermediate tensor, one removed: the
# graph counts each of the program's hooks (libtorch holds each group as one).
import torch
x = torch.ones(3, requires_grad=True)
x.register_hook(lambda g: g)
x.register_hook(lambda g: g)
y = x * 2
y.register_hook(lambda g: g)
y.register_hook(lambda g: g)
y.register_hook(lambda g: g)
z = y.sum()
handle = z.grad_fn.register_hook(lambda gi, go: None)
z.grad_fn.register_hook(lambda gi, go: None)
handle.remove()
