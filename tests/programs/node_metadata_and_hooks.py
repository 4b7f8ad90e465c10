# oracle: pytorch
# covers: grad_fn.metadata persists per node, a post-hook replacing grad_inputs, a pre-hook replacing grad_outputs, hook result validation errors
import torch

x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 3
y.grad_fn.metadata["note"] = "times three"
z = y.sum()
print(y.grad_fn.metadata, z.grad_fn.next_functions[0][0].metadata)
print(z.grad_fn.next_functions[0][0] is y.grad_fn)

h = y.grad_fn.register_prehook(lambda gO: (gO[0] * 10,))
z.backward(retain_graph=True)
print(x.grad)
h.remove()
x.grad = None
h2 = y.grad_fn.register_hook(lambda gI, gO: (gI[0] + 1, None))
z.backward(retain_graph=True)
print(x.grad)
h2.remove()

bad = y.grad_fn.register_hook(lambda gI, gO: (gI[0], gI[0]))
try:
    z.backward(retain_graph=True)
except RuntimeError as e:
    print("RuntimeError:", e)
bad.remove()

def wrong_size(g):
    return torch.ones(5)

hh = y.register_hook(wrong_size)
try:
    z.backward(retain_graph=True)
except RuntimeError as e:
    print("RuntimeError:", e)
hh.remove()

def not_a_tensor(g):
    return 3

hh = y.register_hook(not_a_tensor)
try:
    z.backward(retain_graph=True)
except TypeError as e:
    print("TypeError:", e)
