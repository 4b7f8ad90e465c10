# The rest of torch.nn.functional: the *_with_indices names, the in-place
# builtins F re-exports, conv_tbc, native_channel_shuffle,
# linear_cross_entropy, the __torch_function__ queries and F's helpers,
# what each name is (a Python function or the ATen builtin itself), and
# the matrix products this CPU build refuses with PyTorch's error.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(1, 2, 4, 4)

print(F.max_pool1d_with_indices(x[0], 2)[1])
print(F.max_pool2d_with_indices(x, 2)[1])
print(F.max_pool3d_with_indices(x, (1, 2, 2))[1].shape)
print(F.adaptive_max_pool1d_with_indices(x[0], 2)[1])
print(F.adaptive_max_pool2d_with_indices(x, 2)[1])
print(F.adaptive_max_pool3d_with_indices(x, 1)[1])
torch.manual_seed(2)
print(F.fractional_max_pool2d_with_indices(x, 2, output_size=2))
torch.manual_seed(2)
print(F.fractional_max_pool3d_with_indices(x.unsqueeze(0), (1, 2, 2), output_size=(1, 2, 2))[1].shape)
print(F.fractional_max_pool2d(x, 2, output_size=2, _random_samples=torch.full((1, 2, 2), 0.5)))

for name in ['threshold_', 'relu_', 'hardtanh_', 'elu_', 'selu_', 'celu_', 'leaky_relu_', 'rrelu_']:
    y = x.clone()
    fn = getattr(F, name)
    torch.manual_seed(5)
    out = fn(y, 0.0, 1.0) if name == 'threshold_' else fn(y)
    print(name, out is y, y.flatten()[:4])

w = torch.randn(3, 4, 5, requires_grad=True)
b = torch.randn(5, requires_grad=True)
seq = torch.randn(6, 2, 4, requires_grad=True)
out = F.conv_tbc(seq, w, b, 1)
print(out.grad_fn.name(), out.shape)
out.sum().backward()
print(w.grad.sum(), b.grad, seq.grad.sum())
print(F.native_channel_shuffle(torch.arange(8.).reshape(1, 4, 2), 2))
print(F.channel_shuffle(torch.arange(8.).reshape(1, 4, 2), 2))

h = torch.randn(3, 4, requires_grad=True)
lw = torch.randn(5, 4, requires_grad=True)
loss = F.linear_cross_entropy(h, lw, torch.tensor([0, 4, 2]), linear_bias=torch.zeros(5), label_smoothing=0.1)
print(loss, loss.grad_fn.name())
loss.backward()
print(h.grad, lw.grad.sum())
print(F.linear_cross_entropy(h[0], lw, torch.tensor(3), reduction='none'))
print(F.linear_cross_entropy(h, lw, torch.rand(3, 5)))
for bad in [lambda: F.linear_cross_entropy(h, lw[:, :3], torch.tensor([0, 1, 2])),
            lambda: F.linear_cross_entropy(h, lw, torch.rand(3, 5), ignore_index=1),
            lambda: F.linear_cross_entropy(torch.randn(2, 3, 4), lw, torch.tensor([0])),
            lambda: F.grouped_mm(torch.randn(2, 3), torch.randn(3, 2)),
            lambda: F.assert_int_or_pair([1, 2, 3], 'kernel_size', '{} must be int or pair')]:
    try:
        bad()
    except Exception as exc:
        print(type(exc).__name__, str(exc).split('\n')[0])

print(F.has_torch_function((x,)), F.has_torch_function_unary(x), F.has_torch_function_variadic(x, x))
F.assert_int_or_pair(3, 'stride', '{} bad')
F.assert_int_or_pair((1, 2), 'stride', '{} bad')
print(F._Reduction.get_enum('sum'), F._Reduction.legacy_get_string(None, False, emit_warning=False))
print(F.GRID_SAMPLE_INTERPOLATION_MODES, F.GRID_SAMPLE_PADDING_MODES)
for name in ['relu', 'linear', 'conv2d', 'gelu', 'softmax', 'max_pool2d', 'threshold', 'one_hot', 'pad', 'avg_pool2d']:
    fn = getattr(F, name)
    print(name, type(fn).__name__, fn.__name__, getattr(fn, '__module__', None))
print(F.Tensor is torch.Tensor, F.torch is torch, F.math.pi, F.TYPE_CHECKING, F.DType)
