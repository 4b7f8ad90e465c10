# torch.autograd.Function corner cases: hooks and metadata on its node, the
# checks on what backward returns, and the errors PyTorch gives.
import torch
from torch.autograd import Function


class Sq(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 2 * x * g


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Sq.apply(x)
print(y.grad_fn.metadata)
y.grad_fn.metadata["k"] = 1
print(y.grad_fn.metadata)
h = y.grad_fn.register_hook(lambda gi, go: print("post hook", gi, go))
h2 = y.grad_fn.register_prehook(lambda go: print("pre hook", go))
y.register_hook(lambda g: print("tensor hook", g))
y.sum().backward()
try:
    print(y.grad_fn.saved_tensors)
except RuntimeError as e:
    print("RuntimeError:", str(e)[:60])
try:
    y.grad_fn.nonexistent
except AttributeError as e:
    print("AttributeError:", e)


class WrongShape(Function):
    @staticmethod
    def forward(ctx, x):
        return x.sum()

    @staticmethod
    def backward(ctx, g):
        return torch.ones(5)


try:
    WrongShape.apply(x).backward()
except RuntimeError as e:
    print("RuntimeError:", e)


class NotTensor(Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, g):
        return "oops"


try:
    NotTensor.apply(x).sum().backward()
except (RuntimeError, TypeError) as e:
    print(type(e).__name__, e)


class NonNoneForInt(Function):
    @staticmethod
    def forward(ctx, x, n):
        return x * n

    @staticmethod
    def backward(ctx, g):
        return g, g


try:
    NonNoneForInt.apply(x, 3).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)


class SaveInt(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, 3)
        return x.clone()

    @staticmethod
    def backward(ctx, g):
        return g


try:
    SaveInt.apply(x)
except TypeError as e:
    print("TypeError:", e)


class NoBackward(Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()


try:
    NoBackward.apply(x).sum().backward()
except NotImplementedError as e:
    print("NotImplementedError:", e)

try:
    Sq()(x)
except RuntimeError as e:
    print("RuntimeError:", str(e)[:50])

z = Sq.apply(x)
print(z.grad_fn.next_functions[0][0] is x.grad_fn, z.grad_fn.next_functions[0][0].variable is x)
print(isinstance(z.grad_fn, torch.autograd.function.BackwardCFunction))
print(Sq._backward_cls.__name__)


class TwoIn(Function):
    @staticmethod
    def forward(ctx, a, b):
        return a + b

    @staticmethod
    def backward(ctx, g):
        return g, g, None, None


print(TwoIn.apply(x, torch.ones(2)).grad_fn.name())
TwoIn.apply(x, x).sum().backward()
print(x.grad)

# keyword arguments: passed on to forward, or bound with defaults for setup_context
class A(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale=2.0):
        ctx.scale = scale
        return x * scale
    @staticmethod
    def backward(ctx, g):
        return g * ctx.scale, None
class B(torch.autograd.Function):
    @staticmethod
    def forward(x, scale=2.0):
        return x * scale
    @staticmethod
    def setup_context(ctx, inputs, output):
        print("inputs", len(inputs), inputs[1])
        ctx.scale = inputs[1]
    @staticmethod
    def backward(ctx, g):
        return g * ctx.scale, None
x = torch.ones(2, requires_grad=True)
print(A.apply(x))
try:
    print(A.apply(x, scale=3.0))
except TypeError as e:
    print("TypeError:", e)
print(B.apply(x))
print(B.apply(x, scale=3.0))
y = B.apply(x)
y.sum().backward()
print(x.grad)
