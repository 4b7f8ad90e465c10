# Full backward hooks and pre-hooks on modules: what they receive, hooks that
# replace gradients, the BackwardHookFunctionBackward nodes in the graph, the
# global hooks, the errors for mixing kinds and wrong gradient counts.
import warnings

import torch
import torch.nn as nn
from torch.nn.modules.module import (
    register_module_backward_hook,
    register_module_full_backward_hook,
    register_module_full_backward_pre_hook,
)


def walk(t):
    """Every node reachable from t.grad_fn, depth first, once each."""
    seen = set()
    order = []

    def visit(node, depth):
        if node is None:
            return
        print('  ' * depth + node.name())
        if node in seen:
            return
        seen.add(node)
        for nxt, _ in node.next_functions:
            visit(nxt, depth + 1)

    visit(t.grad_fn, 0)


def show(label, grads):
    print(label, [None if g is None else (tuple(g.shape), g) for g in grads])


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))


def full_hook(module, grad_input, grad_output):
    print('full hook', type(module).__name__)
    show('  grad_input', grad_input)
    show('  grad_output', grad_output)


def pre_hook(module, grad_output):
    print('pre hook', type(module).__name__)
    show('  grad_output', grad_output)


handles = [model.register_full_backward_hook(full_hook),
           model.register_full_backward_pre_hook(pre_hook),
           model[0].register_full_backward_hook(full_hook),
           model[1].register_full_backward_pre_hook(pre_hook)]
x = torch.randn(2, 3, requires_grad=True)
y = model(x)
print(y.grad_fn.name(), y.requires_grad)
loss = y.sum()
walk(loss)
loss.backward()
print('x.grad', x.grad)
print('w0.grad', model[0].weight.grad)
for h in handles:
    h.remove()

# A hook replacing grad_input, a pre-hook replacing grad_output.
model.zero_grad()
x.grad = None


def double_input(module, grad_input, grad_output):
    print('double_input', [None if g is None else g.shape for g in grad_input])
    return tuple(None if g is None else g * 2 for g in grad_input)


def halve_output(module, grad_output):
    print('halve_output', [g.shape for g in grad_output])
    return tuple(g * 0.5 for g in grad_output)


h1 = model[2].register_full_backward_pre_hook(halve_output)
h2 = model[0].register_full_backward_hook(double_input)
model(x).sum().backward()
print('x.grad', x.grad)
print('w2.grad', model[2].weight.grad)
print('w0.grad', model[0].weight.grad)
h1.remove()
h2.remove()


# A module with two inputs, one not requiring grad, and a non-tensor argument.
class Mix(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)

    def forward(self, a, b, scale):
        return self.lin(a) * b * scale, a + b


mix = Mix()
mix.register_full_backward_hook(full_hook)
mix.register_full_backward_pre_hook(pre_hook)
a = torch.tensor([[1.0, -2.0]], requires_grad=True)
b = torch.tensor([[0.5, 3.0]])
out, other = mix(a, b, 2.0)
print(out.grad_fn.name(), other.grad_fn.name())
total = out.sum() + (other * other).sum()
walk(total)
total.backward()
print('a.grad', a.grad)
print('lin.weight.grad', mix.lin.weight.grad)

# No input requires grad: the full hook fires from the outputs, with a warning.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    mix.zero_grad()
    out, other = mix(b, b, 1.0)
    print(out.grad_fn.name(), other.requires_grad)
    walk(out)
    out.sum().backward()
    for w in caught:
        print('warning:', w.category.__name__, str(w.message))
print('lin.weight.grad', mix.lin.weight.grad)


def bad_return(module, grad_input, grad_output):
    return (grad_input[0],)


mix.register_full_backward_hook(bad_return)
try:
    out, other = mix(a, b, 1.0)
    (out.sum() + other.sum()).backward()
except RuntimeError as e:
    print('RuntimeError:', e)


def bad_pre(module, grad_output):
    return (grad_output[0], grad_output[0])


lin = nn.Linear(2, 2)
lin.register_full_backward_pre_hook(bad_pre)
try:
    lin(a).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)

# Mixing the legacy and the full kind.
try:
    lin.register_backward_hook(full_hook)
    lin.register_full_backward_hook(full_hook)
except RuntimeError as e:
    print('RuntimeError:', e)
m2 = nn.ReLU()
m2.register_full_backward_hook(full_hook)
try:
    m2.register_backward_hook(full_hook)
except RuntimeError as e:
    print('RuntimeError:', e)

# Global hooks fire before the module's own, on every module.
g1 = register_module_full_backward_pre_hook(lambda m, go: print('global pre', type(m).__name__))
g2 = register_module_full_backward_hook(lambda m, gi, go: print('global full', type(m).__name__, len(gi)))
seq = nn.Sequential(nn.Linear(2, 2), nn.Tanh())
seq[1].register_full_backward_hook(lambda m, gi, go: print('own full', type(m).__name__))
z = seq(a)
walk(z)
z.sum().backward()
try:
    register_module_backward_hook(full_hook)
except RuntimeError as e:
    print('RuntimeError:', e)
g1.remove()
g2.remove()
seq(a).sum().backward()
print('a.grad', a.grad)

# Under no_grad no node is added; the hooks never fire.
with torch.no_grad():
    r = seq(a)
print(r.grad_fn, r.requires_grad)
