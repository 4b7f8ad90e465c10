# covers: torch.autograd.graph.register_multi_grad_hook as PyTorch 2.x has it:
# mode="all" waits for every tensor the backward executes (None for the rest,
# inputs= and autograd.grad narrowing that set), mode="any" fires once per
# backward with the first gradient, in engine order next to tensor hooks;
# removal; mode is keyword-only; errors
import torch
from torch.autograd.graph import register_multi_grad_hook

a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
c = a * b
d = (a + b).exp()
unused = torch.ones(2, requires_grad=True)


def show_all(grads):
    print("all:", [None if g is None else g.tolist() for g in grads])


h_all = register_multi_grad_hook((a, b, c, unused), show_all)
h_any = register_multi_grad_hook((c, d, a), lambda g: print("any:", g.tolist()), mode="any")
a.register_hook(lambda g: print("tensor hook on a:", g.tolist()))

(c.sum() + d.sum()).backward(retain_graph=True)
print("--- inputs=(b,)")
c.sum().backward(inputs=(b,), retain_graph=True)
print("--- autograd.grad: leaves in mode='all' are refused")
try:
    torch.autograd.grad((c * 2).sum(), a, retain_graph=True)
except RuntimeError as e:
    print("RuntimeError:", e)
print("--- only d")
d.sum().backward(retain_graph=True)
h_all.remove()
h_any.remove()
print("--- removed")
(c.sum() + d.sum()).backward(retain_graph=True)

print("--- hooks see one backward at a time")
counts = []
h = register_multi_grad_hook((a, b), lambda grads: counts.append(len(grads)))
for _ in range(3):
    (a * b).sum().backward()
print(counts)
h.remove()

print("--- a tensor without grad")
plain = torch.ones(2)
h = register_multi_grad_hook((a, plain), lambda g: print("any (plain skipped):", g.tolist()), mode="any")
(a * 3).sum().backward()
h.remove()
try:
    register_multi_grad_hook((a, plain), show_all)
except AssertionError as e:
    print("AssertionError:", e)
try:
    register_multi_grad_hook((a, b), show_all, mode="some")
except ValueError as e:
    print("ValueError:", e)
try:
    register_multi_grad_hook((a, b), show_all, "any")
except TypeError as e:
    print("TypeError:", e)
