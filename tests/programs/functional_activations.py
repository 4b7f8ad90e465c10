# torch.nn.functional's activations: outputs, gradients and grad_fn names
# as PyTorch computes them, the in-place forms, the implicit-dim softmax
# warning at the caller's line, and the argument errors F raises itself.
import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)
base = torch.randn(2, 5)


def run(name, fn):
    x = base.clone().requires_grad_(True)
    out = fn(x)
    print(name, out.grad_fn.name() if out.grad_fn is not None else None)
    print(out)
    (out * torch.arange(1., out.numel() + 1).reshape(out.shape)).sum().backward()
    print(x.grad)


run('relu', F.relu)
run('relu6', F.relu6)
run('elu', lambda x: F.elu(x, alpha=0.5))
run('selu', F.selu)
run('celu', lambda x: F.celu(x, 2.0))
run('gelu', F.gelu)
run('gelu_tanh', lambda x: F.gelu(x, approximate='tanh'))
run('silu', F.silu)
run('mish', F.mish)
run('hardtanh', lambda x: F.hardtanh(x, -0.5, 0.5))
run('hardswish', F.hardswish)
run('hardsigmoid', F.hardsigmoid)
run('leaky_relu', lambda x: F.leaky_relu(x, 0.2))
run('prelu', lambda x: F.prelu(x, torch.tensor([0.25])))
run('rrelu_eval', F.rrelu)
run('glu', lambda x: F.glu(x[:, :4]))
run('logsigmoid', F.logsigmoid)
run('softplus', lambda x: F.softplus(x, beta=2, threshold=1))
run('softsign', F.softsign)
run('softshrink', lambda x: F.softshrink(x, 0.3))
run('hardshrink', lambda x: F.hardshrink(x, 0.3))
run('tanhshrink', F.tanhshrink)
run('threshold', lambda x: F.threshold(x, 0.1, 20.0))
run('sigmoid', F.sigmoid)
run('tanh', F.tanh)
run('softmax', lambda x: F.softmax(x, dim=1))
run('softmin', lambda x: F.softmin(x, 0))
run('log_softmax', lambda x: F.log_softmax(x, -1, dtype=torch.float64))

# In place on a non-leaf: the graph records the in-place op.
for name, fn in [('relu_', lambda t: F.relu(t, inplace=True)), ('relu_fn', F.relu_),
                 ('elu_', lambda t: F.elu(t, inplace=True)), ('leaky_relu_', lambda t: F.leaky_relu_(t, 0.3)),
                 ('hardtanh_', lambda t: F.hardtanh(t, inplace=True)), ('threshold_', lambda t: F.threshold_(t, 0.0, -1.0)),
                 ('silu_', lambda t: F.silu(t, inplace=True)), ('selu_', lambda t: F.selu(t, True)),
                 ('celu_', lambda t: F.celu_(t)), ('relu6_', lambda t: F.relu6(t, inplace=True)),
                 ('hardswish_', lambda t: F.hardswish(t, True)), ('mish_', lambda t: F.mish(t, inplace=True))]:
    x = base.clone().requires_grad_(True)
    y = x * 1.0
    out = fn(y)
    print(name, out is y, out.grad_fn.name(), out._version)
    out.sum().backward()
    print(x.grad)

# rrelu in training draws its slopes from the generator.
torch.manual_seed(3)
print(F.rrelu(base, training=True))
torch.manual_seed(4)
print(F.gumbel_softmax(base, tau=0.5))
print(F.gumbel_softmax(base, hard=True))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    a = F.softmax(base)
    b = F.log_softmax(base.reshape(10))
    c = F.softmin(base.reshape(1, 2, 5))
    d = F.softmax(base, _stacklevel=2)
    e = F.gumbel_softmax(base, eps=0.1)
print(a.grad_fn, b.shape, c.sum(0))
for w in caught:
    print(w.category.__name__, w.lineno if w.filename == __file__ else 'elsewhere', w.message)

for bad in [lambda: F.hardtanh(base, 1.0, -1.0), lambda: F.glu(torch.tensor(1.0)), lambda: F.relu(base, True, 3),
            lambda: F.softmax(), lambda: F.relu(input=base, inplace=False, x=1), lambda: F.threshold(base, 1.0)]:
    try:
        bad()
    except Exception as exc:
        print(type(exc).__name__, exc)
