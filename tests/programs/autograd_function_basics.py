# torch.autograd.Function: forward/backward with ctx, apply, the graph node
# PyTorch makes (MyFnBackward), saved tensors, tuple and non-tensor outputs.
import torch
from torch.autograd import Function


class Square(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 2 * x * grad


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = Square.apply(x)
print(y)
print(y.grad_fn.name())
print(type(y.grad_fn).__name__)
print([(f.name(), i) for f, i in y.grad_fn.next_functions])
print(y.grad_fn.saved_tensors, y.grad_fn.needs_input_grad)
y.sum().backward()
print(x.grad)


class ScaleShift(Function):
    # a non-tensor input (a float) and a tuple output
    @staticmethod
    def forward(ctx, x, scale, b):
        ctx.scale = scale
        ctx.save_for_backward(b)
        return x * scale + b, x - b

    @staticmethod
    def backward(ctx, g1, g2):
        (b,) = ctx.saved_tensors
        return g1 * ctx.scale + g2, None, g1 - g2


a = torch.tensor([1.0, -1.0], requires_grad=True)
b = torch.tensor([0.5, 0.25], requires_grad=True)
p, q = ScaleShift.apply(a, 3.0, b)
print(p, q)
print(p.grad_fn is q.grad_fn, p.grad_fn.name())
print(len(p.grad_fn.next_functions), p.grad_fn.next_functions[0][0].name())
(p * q).sum().backward()
print(a.grad, b.grad)


class Counted(Function):
    # non-tensor outputs pass through; only the tensor is differentiable
    @staticmethod
    def forward(ctx, x):
        return x.exp(), 7, "label"

    @staticmethod
    def backward(ctx, g, g_int, g_str):
        print("Counted backward got", g_int, g_str)
        return g * 2


z = torch.zeros(2, requires_grad=True)
t, n, s = Counted.apply(z)
print(t, n, s)
t.sum().backward()
print(z.grad)

# no input requires grad: plain outputs, no node
w = Square.apply(torch.tensor([3.0]))
print(w, w.grad_fn, w.requires_grad)
with torch.no_grad():
    w2 = Square.apply(x)
print(w2.requires_grad)

# a Function used twice in one graph, mixed with builtin ops
x.grad = None
u = Square.apply(Square.apply(x) + 1).mean()
print(u.grad_fn.next_functions[0][0].name())
print([(f if f is None else f.name(), i) for f, i in u.grad_fn.next_functions[0][0].next_functions[0][0].next_functions])
u.backward()
print(x.grad)

# the ctx is the grad_fn: attributes set in forward are readable there
print(p.grad_fn.scale)

# returning an input unchanged makes a view of it
class Ident(Function):
    @staticmethod
    def forward(ctx, x):
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 10


v = Ident.apply(x)
print(v is x, v.grad_fn.name(), v._base is x)
v.sum().backward()
print(x.grad)
