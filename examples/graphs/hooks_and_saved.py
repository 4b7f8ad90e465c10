# hooks_and_saved: tensor hooks, a node hook, and saved-tensor hooks, the
# things that change a gradient without showing in the forward code.
#
#   scripts/run render examples/graphs/hooks_and_saved.py -o hooks.svg --saved
#
# The picture marks nodes that carry hooks and lists what each node saved.
import torch

torch.manual_seed(0)
x = torch.randn(5, requires_grad=True)
w = torch.randn(5, requires_grad=True)

saved_shapes = []


def pack(t):
    saved_shapes.append(tuple(t.shape))
    return t


def unpack(t):
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = (x * w).sin()
z = y.exp().sum()

seen = []
x.register_hook(lambda g: seen.append(("x", round(g.norm().item(), 4))))
y.register_hook(lambda g: g.clamp(-0.5, 0.5))  # clips the gradient flowing into sin
z.grad_fn.register_hook(lambda grad_inputs, grad_outputs: seen.append(("sum", len(grad_inputs))))
z.backward()

print("tensors saved through the hooks:", saved_shapes)
print("hooks ran:", seen)
print("x.grad", x.grad)
