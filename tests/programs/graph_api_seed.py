# covers: torch.autograd.graph as PyTorch 2.x has it: register_multi_grad_hook (all/any), get_gradient_edge with autograd.grad, increment_version, allow_mutation_on_saved_tensors
import torch

a = torch.ones(2, 3, requires_grad=True)
b = torch.ones(2, 3, requires_grad=True)
c = a * b
d = a * b

def fn(grads):
    print("all:", [g is not None for g in grads])

handle = torch.autograd.graph.register_multi_grad_hook((a, b, c, d), fn)
c.sum().backward(retain_graph=True)
c.sum().backward(inputs=(a,), retain_graph=True)
handle.remove()
c.sum().backward(retain_graph=True)
print("removed: no line above")

def first(g):
    print("any:", tuple(g.shape))

h = torch.autograd.graph.register_multi_grad_hook((a, b), first, mode="any")
(c + d).sum().backward(retain_graph=True)
h.remove()

x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2
z = y.exp()
edge = torch.autograd.graph.get_gradient_edge(y)
print(edge.node.name(), edge.output_nr, edge.node is y.grad_fn)
g, = torch.autograd.grad(z.sum(), edge)
print(torch.allclose(g, y.exp()))

t = torch.zeros(2)
v0 = t._version
torch.autograd.graph.increment_version(t)
print(t._version - v0)

with torch.autograd.graph.allow_mutation_on_saved_tensors():
    p = torch.ones(2, 3, requires_grad=True)
    q = p.clone()
    out = (q ** 2).sum()
    q.sin_()
    out.backward()
print(p.grad)

p = torch.ones(2, 3, requires_grad=True)
q = p.clone()
out = (q ** 2).sum()
q.sin_()
try:
    out.backward()
except RuntimeError as e:
    print("RuntimeError:", str(e)[:80])
