# F.linear_cross_entropy / nn.LinearCrossEntropyLoss with options: PyTorch's chunked path (one generated
# custom-op node), class-index and probability targets, several chunks, ignore_index, class weights,
# 'accurate' / 'compact', the chunking methods, the fallbacks with their warning, retain_graph.
import warnings

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn import LinearCrossEntropyOptions as Opts


def walk(f, d=0):
    if f is None:
        print(' ' * d + 'None')
        return
    print(' ' * d + f.name())
    if d < 2:
        for g, _ in f.next_functions:
            walk(g, d + 1)


def show(loss, *leaves):
    print(f'{loss.detach().sum().item():.4f}', loss.shape)
    walk(loss.grad_fn)
    loss.sum().backward()
    for v in leaves:
        print(v.grad)
        v.grad = None


torch.manual_seed(0)
x = torch.randn(6, 3, requires_grad=True)
w = torch.randn(7, 3, requires_grad=True)
b = torch.randn(7, requires_grad=True)
t = torch.tensor([0, 2, 6, 1, 3, 2])
cw = torch.rand(7)
for red in ['mean', 'sum', 'none']:
    for opts in [Opts(), Opts(batch_chunk_size=4, chunking_method=None), Opts(chunking_method='aspect_ratio:2'),
                 Opts(acc_policy='accurate', batch_chunk_size=1, chunking_method=None)]:
        print(red, opts)
        show(F.linear_cross_entropy(x, w, t, linear_bias=b, reduction=red, options=opts), x, w, b)
ti = torch.tensor([0, -100, 6, 1, 3, -100])
show(F.linear_cross_entropy(x, w, ti, weight=cw, options=Opts(batch_chunk_size=2, chunking_method=None)), x, w)
show(F.linear_cross_entropy(x, w, t, weight=cw, ignore_index=2, reduction='none',
                            options=Opts(batch_chunk_size=4, chunking_method=None)), x, w)
show(F.linear_cross_entropy(x, w, t, linear_bias=b, ignore_index=9, options=Opts()), x, b)
# Probability targets (same dtype, no grad): mean divides by the batch.
p = torch.randn(6, 7).softmax(1)
for red in ['mean', 'sum', 'none']:
    show(F.linear_cross_entropy(x, w, p, linear_bias=b, reduction=red,
                                options=Opts(batch_chunk_size=4, chunking_method=None)), x, w, b)
    show(F.linear_cross_entropy(x, w, p, weight=cw, reduction=red, options=Opts(acc_policy='accurate')), x, w)
# Unbatched input; only some operands requiring grad; double precision.
show(F.linear_cross_entropy(x[1], w, t[1], linear_bias=b, options=Opts()), x, w, b)
show(F.linear_cross_entropy(x.detach(), w, t, options=Opts()), w)
xd, wd = x.detach().double().requires_grad_(), w.detach().double().requires_grad_()
show(F.linear_cross_entropy(xd, wd, t, reduction='sum', options=Opts(batch_chunk_size=3, chunking_method=None)),
     xd, wd)
with torch.no_grad():
    l0 = F.linear_cross_entropy(x, w, t, options=Opts())
print(f'{l0.item():.4f}', l0.grad_fn, l0.requires_grad)
# The module: its weight viewed to (C, in), then the chunked node.
torch.manual_seed(1)
m = nn.LinearCrossEntropyLoss(3, 7, bias=True, options=Opts(batch_chunk_size=2, chunking_method=None))
show(m(x, t), x, m.linear.weight, m.linear.bias)
m2 = nn.LinearCrossEntropyLoss(3, 7, reduction='none', options=Opts())
show(m2(x, t), x, m2.linear.weight)
# A second backward: refused unless allow_retain_graph (the 'none' op recomputes).
for opts, red in [(Opts(), 'mean'), (Opts(allow_retain_graph=True), 'sum'), (Opts(), 'none')]:
    loss = F.linear_cross_entropy(x, w, t, reduction=red, options=opts).sum()
    loss.backward(retain_graph=True)
    try:
        loss.backward()
        print(red, 'twice', x.grad.sum().item() != 0)
    except RuntimeError as e:
        print('RuntimeError', e)
    x.grad = None
    w.grad = None
# Fallbacks to the reference path, with PyTorch's warning.
pg = p.clone().requires_grad_()
cases = [dict(label_smoothing=0.1), dict(target=t.int()), dict(target=pg), dict(reduction='sum', target=p.double())]
for kw in cases:
    target = kw.pop('target', t)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        try:
            loss = F.linear_cross_entropy(x, w, target, options=Opts(), **kw)
        except RuntimeError as e:
            loss = None
            print('RuntimeError', str(e).splitlines()[0])
    print([str(c.message) for c in caught])
    if loss is not None:
        show(loss, x)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    m3 = nn.LinearCrossEntropyLoss(3, 7, out_features=(2,), options=Opts())
    loss = m3(x, torch.zeros(6, 2, dtype=torch.long))
print([str(c.message) for c in caught])
walk(loss.grad_fn)
# Option checks: chunk size against the method, methods PyTorch accepts.
for kw in [dict(batch_chunk_size=4), dict(batch_chunk_size=4, chunking_method='aspect_ratio')]:
    try:
        print(F.linear_cross_entropy(x, w, t, options=Opts(**kw)))
    except ValueError as e:
        print('ValueError', e)
for method in ['aspect_ratio', 'aspect_ratio:3', 'aspect_ratio:0', 'aspect_ratio:x', 'ratio', None]:
    try:
        print(Opts(chunking_method=method))
    except ValueError as e:
        print('ValueError', e)
for kw in [dict(acc_dtype=torch.int32), dict(acc_dtype=torch.float64)]:
    try:
        print(Opts(**kw))
    except ValueError as e:
        print('ValueError', e)
try:
    Opts().acc_policy = 'compact'
except Exception as e:
    print(type(e).__name__, e)
o = Opts()
print(o._adjust(num_batches=64, in_features=8, num_classes=100, dtype=torch.float32, device=x.device))
print(o._adjust(num_batches=64, in_features=8, num_classes=100, dtype=torch.bfloat16, device=x.device))
print(Opts(chunking_method='aspect_ratio:2')._adjust(64, 8, 100, torch.float32, x.device, prob_target=True))
print(o._adjust(64, 16, 8, torch.float32, x.device, prob_target=True), o._adjust(64, 16, 8, torch.float32))
# Half precision: fp32 accumulation ('auto' is 'accurate' on CPU), 'compact', and no widening.
torch.manual_seed(2)
for dt in [torch.bfloat16, torch.float16]:
    xh = torch.randn(10, 4).to(dt).requires_grad_()
    wh = torch.randn(12, 4).to(dt).requires_grad_()
    bh = torch.randn(12).to(dt).requires_grad_()
    th = torch.tensor([0, 3, 11, -100, 5, 5, 7, 1, -100, 2])
    ph = torch.randn(10, 12).softmax(1).to(dt)
    cwh = torch.rand(12)
    for tgt in [th, ph]:
        for red in ['mean', 'sum', 'none']:
            for o in [Opts(batch_chunk_size=4, chunking_method=None), Opts(acc_policy='compact'),
                      Opts(acc_policy='accurate', acc_dtype=dt, batch_chunk_size=3, chunking_method=None)]:
                loss = F.linear_cross_entropy(xh, wh, tgt, linear_bias=bh, weight=cwh, reduction=red, options=o)
                loss.sum().backward()
                print(dt, red, loss.dtype, f'{loss.sum().float().item():.4f}',
                      *[f'{g.float().abs().sum().item():.4f}' for g in (xh.grad, wh.grad, bh.grad)],
                      xh.grad.dtype, wh.grad.dtype, bh.grad.dtype)
                xh.grad = wh.grad = bh.grad = None
