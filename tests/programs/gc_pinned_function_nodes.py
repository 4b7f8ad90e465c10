# Graphs kept by a Function's ctx: reading y.grad_fn of a custom Function
# (nn.Module's full backward hooks do it on every call) must not keep the
# graph, its hooks and what they hold once the program lets go of them --
# also when no backward released the graph (forward only, retain_graph,
# create_graph). Each line counts the objects left after gc.collect().
import gc
import torch
import torch.nn as nn


class Holder:
    pass


class Ident(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a

    @staticmethod
    def backward(ctx, g):
        return g


class Twice(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2


def function_case(fn, how, backward):
    x = torch.randn(2, 3, requires_grad=True)
    h = Holder()
    y = fn.apply(x)
    if how == 'attribute':
        y.grad_fn.holder = h
    elif how == 'hook':
        def on_grad(grad_inputs, grad_outputs):
            h.seen = True
        y.grad_fn.register_hook(on_grad)
    elif how == 'prehook':
        def on_grad_outputs(grad_outputs):
            h.seen = True
        y.grad_fn.register_prehook(on_grad_outputs)
    if backward == 'grad':
        torch.autograd.grad(y.sum(), x)
    elif backward == 'retain_graph':
        torch.autograd.grad(y.sum(), x, retain_graph=True)
    elif backward == 'create_graph':
        torch.autograd.grad((y * y).sum(), x, create_graph=True)


def left(name):
    gc.collect()
    return sum(type(o).__name__ == name for o in gc.get_objects())


for fn in (Ident, Twice):
    for how in ('attribute', 'hook', 'prehook'):
        for backward in ('none', 'grad', 'retain_graph', 'create_graph'):
            for _ in range(3):
                function_case(fn, how, backward)
            print(fn.__name__, how, backward, left('Holder'))


def hook(module, grad_input, grad_output):
    pass


class Square(nn.Module):
    def forward(self, a):
        return a * a


def module_case(backward, depth):
    model = nn.Sequential(*[Square() for _ in range(depth)])
    for layer in model:
        layer.register_full_backward_hook(hook)
    x = torch.randn(2, 3, requires_grad=True)
    out = model(x)
    if backward == 'backward':
        out.sum().backward()
    elif backward == 'create_graph':
        torch.autograd.grad(out.sum(), x, create_graph=True)


for backward in ('none', 'backward', 'create_graph'):
    for depth in (1, 6):
        for _ in range(2):
            module_case(backward, depth)
        print('full backward hooks', backward, depth, left('BackwardHook'), left('Square'))
