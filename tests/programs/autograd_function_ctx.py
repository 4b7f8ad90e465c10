# torch.autograd.Function's ctx: needs_input_grad, mark_dirty,
# mark_non_differentiable, set_materialize_grads, setup_context, saved
# tensors checked against in-place changes, once_differentiable.
import torch
from torch.autograd import Function
from torch.autograd.function import once_differentiable


class Mul(Function):
    @staticmethod
    def forward(ctx, a, b):
        print("needs_input_grad", ctx.needs_input_grad)
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        ga = g * b if ctx.needs_input_grad[0] else None
        gb = g * a if ctx.needs_input_grad[1] else None
        return ga, gb


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
out = Mul.apply(a, b)
out.sum().backward()
print(a.grad, b.grad)


class AddOneInplace(Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 3


leaf = torch.tensor([1.0, 2.0], requires_grad=True)
h = leaf * 1
print(h._version)
r = AddOneInplace.apply(h)
print(r is h, h._version, h.grad_fn.name(), r)
r.sum().backward()
print(leaf.grad)

try:
    AddOneInplace.apply(leaf)
except RuntimeError as e:
    print("RuntimeError:", e)


class SortWithIndex(Function):
    @staticmethod
    def forward(ctx, x):
        values, idx = x.sort()
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(idx)
        return values, idx

    @staticmethod
    def backward(ctx, g_values, g_idx):
        print("g_idx", g_idx)
        (idx,) = ctx.saved_tensors
        out = torch.zeros_like(g_values)
        out[idx] = g_values
        return out


s = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
vals, idx = SortWithIndex.apply(s)
print(vals, idx, idx.requires_grad)
(vals * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(s.grad)


class TwoOut(Function):
    @staticmethod
    def forward(ctx, x, materialize):
        ctx.set_materialize_grads(materialize)
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, g1, g2):
        print("grads", g1, g2)
        if g2 is None:
            return g1 * 2, None
        return g1 * 2 + g2 * 3, None


x = torch.tensor([1.0, 1.0], requires_grad=True)
o1, o2 = TwoOut.apply(x, True)
o1.sum().backward()
print(x.grad)
x.grad = None
o1, o2 = TwoOut.apply(x, False)
o1.sum().backward()
print(x.grad)


class Cube(Function):
    # the setup_context form: forward without ctx
    @staticmethod
    def forward(x, power):
        return x ** power

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, power = inputs
        ctx.power = power
        ctx.save_for_backward(x, output)

    @staticmethod
    def backward(ctx, g):
        x, out = ctx.saved_tensors
        return g * ctx.power * out / x, None


c = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
cube = Cube.apply(c, 3)
print(cube, cube.grad_fn.name())
cube.sum().backward()
print(c.grad)

# a saved tensor changed in place: SavedVariable's version check
d = torch.tensor([1.0, 2.0], requires_grad=True)
e = d * 2
f = Mul.apply(e, e)
e.add_(1)
try:
    f.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)

# an output saved and then modified
class Exp(Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        return g * y


g = torch.tensor([0.0, 1.0], requires_grad=True)
ey = Exp.apply(g)
ey.mul_(2)
try:
    ey.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)


class Twice(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.sin()

    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * x.cos()


t = torch.tensor([0.5, 1.0], requires_grad=True)
st = Twice.apply(t)
(gt,) = torch.autograd.grad(st.sum(), t, create_graph=True)
print(gt, gt.requires_grad)
st = Twice.apply(t)
seed = torch.ones(2, requires_grad=True)
(gt,) = torch.autograd.grad(st, t, grad_outputs=seed, create_graph=True)
print(gt, gt.requires_grad, gt.grad_fn.name())
try:
    gt.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)

# needs_input_grad reflects each input
class Show(Function):
    @staticmethod
    def forward(ctx, a, n, b):
        print(ctx.needs_input_grad)
        return a + b

    @staticmethod
    def backward(ctx, g):
        return g, None, g


Show.apply(torch.ones(1, requires_grad=True), 3, torch.ones(1))
Show.apply(torch.ones(1), 3, torch.ones(1))
with torch.no_grad():
    Show.apply(torch.ones(1, requires_grad=True), 3, torch.ones(1))
