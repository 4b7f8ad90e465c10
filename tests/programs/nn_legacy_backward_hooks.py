# The deprecated Module.register_backward_hook and the global
# register_module_backward_hook: the hook sits on the first output's grad_fn,
# with PyTorch's FutureWarnings where that node misses gradients.
import warnings

import torch
import torch.nn as nn
from torch.nn.modules.module import register_module_backward_hook, register_module_full_backward_hook


def hook(module, grad_input, grad_output):
    print('hook', type(module).__name__,
          [None if g is None else tuple(g.shape) for g in grad_input],
          [None if g is None else tuple(g.shape) for g in grad_output])


def run(label, module, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        out = module(*args)
        first = out if isinstance(out, torch.Tensor) else out[0]
        print(label, first.grad_fn.name())
        first.sum().backward()
        for w in caught:
            print('  warning:', w.category.__name__, str(w.message))


torch.manual_seed(0)
x = torch.randn(2, 3, requires_grad=True)

relu = nn.ReLU()
relu.register_backward_hook(hook)
run('relu', relu, x)

lin = nn.Linear(3, 2)
lin.register_backward_hook(hook)
run('linear', lin, x)


class Two(nn.Module):
    def forward(self, a):
        return a * 2, a.exp()


two = Two()
two.register_backward_hook(hook)
run('two outputs', two, x)


class Listy(nn.Module):
    def forward(self, a):
        return [a * 3]


listy = Listy()
listy.register_backward_hook(hook)
run('list output', listy, x)


def doubling(module, grad_input, grad_output):
    return tuple(None if g is None else g * 2 for g in grad_input)


x.grad = None
tanh = nn.Tanh()
tanh.register_backward_hook(doubling)
tanh(x).sum().backward()
print('x.grad', x.grad)

g = register_module_backward_hook(hook)
try:
    register_module_full_backward_hook(hook)
except RuntimeError as e:
    print('RuntimeError:', e)
run('global', nn.Sigmoid(), x)
g.remove()
