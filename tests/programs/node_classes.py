# Each kind of autograd node has a class of its own, as in PyTorch:
# type(fn).__name__ is what torchviz's make_dot labels a node with.
import torch
from torch.autograd.graph import Node

x = torch.ones(2, 3, requires_grad=True)
w = torch.randn(3, 4, requires_grad=True)
y = torch.relu(x @ w).mean()

seen = set()


def walk(fn, depth=0):
    if fn is None or fn in seen:
        return
    seen.add(fn)
    t = type(fn)
    print("  " * depth + str(type(fn).__name__), t.__module__, str(t), isinstance(fn, Node), issubclass(t, Node))
    for nxt, _ in fn.next_functions:
        walk(nxt, depth + 1)


walk(y.grad_fn)
z = (x * 2).sum()
print(type(z.grad_fn) is type(y.grad_fn), type(z.grad_fn.next_functions[0][0]) is type((x * 3).grad_fn))
print(type(y.grad_fn).__qualname__, type(y.grad_fn) == type(y.grad_fn))
