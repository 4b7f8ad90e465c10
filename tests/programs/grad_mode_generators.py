# Grad-mode decorators on generator functions: @torch.no_grad() (and
# enable_grad, inference_mode) hold while the generator's own code runs --
# each step, values sent in, exceptions thrown in -- and not in the
# caller's code between steps, as PyTorch wraps generators.
import torch


@torch.no_grad()
def gen(x):
    """Doubles."""
    for i in range(3):
        print("inside", torch.is_grad_enabled())
        got = yield x * i
        print("got", got)
    return "done"


x = torch.ones(2, requires_grad=True)
g = gen(x)
print(type(g).__name__, gen.__name__, gen.__doc__)
for v in g:
    print("outside", torch.is_grad_enabled(), v.requires_grad)
g = gen(x)
print(next(g))
print(g.send(5))
try:
    g.throw(ValueError("boom"))
except ValueError as e:
    print("raised", e)


@torch.enable_grad()
def g2():
    yield torch.is_grad_enabled()
    yield (x * 2).requires_grad


with torch.no_grad():
    print(list(g2()), torch.is_grad_enabled())


@torch.inference_mode()
def g3():
    t = torch.ones(1)
    yield t.is_inference()


print(list(g3()), torch.is_inference_mode_enabled())


def outer():
    r = yield from gen(x)
    print("returned", r)


print(len(list(outer())))


@torch.no_grad()
def closing():
    try:
        yield 1
        yield 2
    finally:
        print("closed with grad", torch.is_grad_enabled())


c = closing()
print(next(c))
c.close()
print("after close", torch.is_grad_enabled())


@torch.no_grad()
def plain(t):
    return t * 2


print(plain(x).requires_grad, plain.__name__)
loss = sum(v.sum() for v in (x * k for k in range(3)))
loss.backward()
print(x.grad)
