# Small pieces of torch programs use: grad-mode decorators keep the
# function's name and docstring, Tensor._is_view(), Tensor.is_nested,
# torch._VF without importing it, torch.finfo / torch.iinfo,
# torch.is_autocast_enabled, torch.backends.mha's fast-path switch (which
# the Transformer layers read) and torch.accelerator on a machine without a GPU.
import torch
import torch.nn as nn


@torch.no_grad()
def scaled(x, k=2):
    """Multiply without recording."""
    return x * k


@torch.enable_grad()
def recorded(x):
    return x * 3


@torch.inference_mode()
def inferred(x):
    return x + 1


x = torch.ones(2, requires_grad=True)
print(scaled.__name__, scaled.__doc__, scaled.__wrapped__.__name__, scaled.__qualname__)
print(scaled(x).requires_grad, scaled(x, k=5).tolist())
with torch.no_grad():
    print(recorded.__name__, recorded(x).requires_grad)
print(inferred.__name__, inferred(x).is_inference())
print(repr(scaled).startswith('<function scaled at'))


class Net(nn.Module):
    @torch.no_grad()
    def predict(self, x):
        """No graph here."""
        return x.sum()


print(Net().predict(x).requires_grad, Net.predict.__name__, Net.predict.__doc__)

# Views.
a = torch.arange(6.)
print(a._is_view(), a.view(2, 3)._is_view(), a[1:]._is_view(), a.clone()._is_view(), a.t()._is_view())
print(a.is_nested)

# torch._VF without importing it.
h = torch.zeros(1, 1, 3)
out, hn = torch._VF.rnn_tanh(torch.ones(2, 1, 3), h, [torch.ones(3, 3), torch.ones(3, 3)], False, 1, 0.0,
                             False, False, False)
print(out.shape, hn.shape)

# Numeric limits.
for dt in [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.complex64]:
    f = torch.finfo(dt)
    print(f)
    print(f.bits, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, f.dtype)
print(torch.finfo())
print(torch.finfo(torch.float32) == torch.finfo(torch.float32), torch.finfo(torch.float32) == torch.finfo(torch.float64))
for dt in [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]:
    i = torch.iinfo(dt)
    print(i, i.bits, i.min, i.max, i.dtype)
for bad in [lambda: torch.iinfo(torch.bool), lambda: torch.iinfo(torch.float32)]:
    try:
        bad()
    except TypeError as e:
        print('TypeError:', e)

# Autocast is never on; the fast-path switch.
print(torch.is_autocast_enabled(), torch.is_autocast_enabled('cpu'), torch.get_autocast_dtype('cpu'))
print(torch.backends.mha.get_fastpath_enabled())
torch.manual_seed(0)
layer = nn.TransformerEncoderLayer(d_model=4, nhead=2, dim_feedforward=8, batch_first=True).eval()
src = torch.randn(1, 3, 4)
with torch.no_grad():
    fast = layer(src)
torch.backends.mha.set_fastpath_enabled(False)
print(torch.backends.mha.get_fastpath_enabled())
with torch.no_grad():
    slow = layer(src)
print(torch.allclose(fast, slow, atol=1e-5))
mha = nn.MultiheadAttention(4, 2, batch_first=True).eval()
with torch.no_grad():
    o, w = mha(src, src, src)
print(o.shape, w.shape)
torch.backends.mha.set_fastpath_enabled(True)

# torch.accelerator: the CUDA build on a machine without a GPU.
print(torch.accelerator.is_available(), torch.accelerator.current_accelerator(),
      torch.accelerator.current_accelerator(check_available=True), torch.accelerator.device_count())

# The transposing properties build PyTorch's nodes (mT on a batch swaps the last two dims).
b = torch.ones(2, 3, 4, requires_grad=True)
m2 = torch.ones(2, 3, requires_grad=True)
z = torch.ones(2, 3, dtype=torch.complex64, requires_grad=True)
print(m2.T.grad_fn.name(), m2.mT.grad_fn.name(), m2.H.grad_fn.name(), b.mT.shape, b.mT.grad_fn.name(),
      b.mH.grad_fn.name(), z.mH.grad_fn.name(), z.mH.grad_fn.next_functions[0][0].name(), z.H.grad_fn.name())
for expr in [lambda: torch.ones(3).mT, lambda: torch.ones(3).mH, lambda: torch.ones(3).H, lambda: b.H]:
    try:
        expr()
    except RuntimeError as e:
        print('RuntimeError:', e)
