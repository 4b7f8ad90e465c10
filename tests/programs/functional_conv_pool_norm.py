# torch.nn.functional's convolutions, pools and normalisations: outputs,
# gradients and grad_fn names as PyTorch computes them, indices from the
# max pools, running statistics from batch_norm, and F's own argument errors.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x1 = torch.randn(2, 3, 8)
x2 = torch.randn(2, 3, 6, 6)
x3 = torch.randn(1, 2, 4, 4, 4)


def run(name, fn, *inputs):
    xs = [t.clone().requires_grad_(True) for t in inputs]
    out = fn(*xs)
    if isinstance(out, tuple):
        print(name, 'indices', out[1].flatten()[:8])
        out = out[0]
    print(name, out.grad_fn.name() if out.grad_fn is not None else None, tuple(out.shape))
    print(out.flatten()[:8])
    (out * torch.linspace(-1, 1, out.numel()).reshape(out.shape)).sum().backward()
    for t in xs:
        print(t.grad.flatten()[:6])


w1 = torch.randn(4, 3, 3)
w2 = torch.randn(4, 3, 3, 3)
w3 = torch.randn(3, 2, 2, 2, 2)
run('conv1d', lambda a, w: F.conv1d(a, w, torch.ones(4), stride=2, padding=1), x1, w1)
run('conv1d same', lambda a: F.conv1d(a, w1, padding='same', dilation=2), x1)
run('conv2d', lambda a, w: F.conv2d(a, w, None, 1, 1), x2, w2)
run('conv2d groups', lambda a: F.conv2d(a, torch.randn(6, 1, 3, 3), groups=3, padding='valid'), x2)
run('conv3d', lambda a: F.conv3d(a, w3, stride=2), x3)
run('conv_transpose1d', lambda a: F.conv_transpose1d(a, torch.randn(3, 2, 3), stride=2, output_padding=1), x1)
run('conv_transpose2d', lambda a, w: F.conv_transpose2d(a, w, padding=1), x2, torch.randn(3, 2, 3, 3))
run('conv_transpose3d', lambda a: F.conv_transpose3d(a, torch.randn(2, 1, 2, 2, 2)), x3)
run('unfold', lambda a: F.unfold(a, 3, padding=1, stride=2), x2)
run('fold', lambda a: F.fold(a, (4, 5), (2, 2)), torch.randn(2, 12, 12))
run('max_pool1d', lambda a: F.max_pool1d(a, 2), x1)
run('max_pool1d idx', lambda a: F.max_pool1d(a, 3, 2, 1, return_indices=True), x1)
run('max_pool2d', lambda a: F.max_pool2d(a, 2, ceil_mode=True), x2)
run('max_pool2d idx', lambda a: F.max_pool2d(a, (3, 2), stride=1, padding=1, dilation=1, ceil_mode=False, return_indices=True), x2)
run('max_pool3d', lambda a: F.max_pool3d(a, 2), x3)
run('max_pool3d idx', lambda a: F.max_pool3d(a, 2, return_indices=True), x3)
run('avg_pool1d', lambda a: F.avg_pool1d(a, 3, stride=2, padding=1, count_include_pad=False), x1)
run('avg_pool2d', lambda a: F.avg_pool2d(a, 2, divisor_override=3), x2)
run('avg_pool3d', lambda a: F.avg_pool3d(a, 2, ceil_mode=True), x3)
run('adaptive_avg_pool1d', lambda a: F.adaptive_avg_pool1d(a, 3), x1)
run('adaptive_avg_pool2d', lambda a: F.adaptive_avg_pool2d(a, (None, 4)), x2)
run('adaptive_avg_pool3d', lambda a: F.adaptive_avg_pool3d(a, 2), x3)
run('adaptive_max_pool1d', lambda a: F.adaptive_max_pool1d(a, 3, True), x1)
run('adaptive_max_pool2d', lambda a: F.adaptive_max_pool2d(a, 4), x2)
run('adaptive_max_pool3d', lambda a: F.adaptive_max_pool3d(a, (2, None, 2), return_indices=True), x3)
run('lp_pool1d', lambda a: F.lp_pool1d(a.abs(), 2, 2), x1)
run('lp_pool2d', lambda a: F.lp_pool2d(a, 3.0, (2, 3), stride=2), x2)
run('lp_pool3d', lambda a: F.lp_pool3d(a.abs(), 1, 2), x3)
run('lp_pool2d inf', lambda a: F.lp_pool2d(a, float('inf'), 2), x2)
out, idx = F.max_pool2d(x2, 2, return_indices=True)
run('max_unpool2d', lambda a: F.max_unpool2d(a, idx, 2), out)
out1, idx1 = F.max_pool1d(x1, 2, return_indices=True)
run('max_unpool1d', lambda a: F.max_unpool1d(a, idx1, 2, output_size=[9]), out1)
out3, idx3 = F.max_pool3d(x3, 2, return_indices=True)
run('max_unpool3d', lambda a: F.max_unpool3d(a, idx3, 2), out3)
torch.manual_seed(1)
run('fractional_max_pool2d', lambda a: F.fractional_max_pool2d(a, 2, output_size=3), x2)
run('fractional_max_pool2d ratio', lambda a: F.fractional_max_pool2d(a, 2, output_ratio=(0.5, 0.5), return_indices=True), x2)
run('fractional_max_pool3d', lambda a: F.fractional_max_pool3d(a, 2, output_size=(2, 2, 2)), x3)

rm, rv = torch.zeros(3), torch.ones(3)
run('batch_norm train', lambda a, w, b: F.batch_norm(a, rm, rv, w, b, training=True, momentum=0.3), x2, torch.ones(3), torch.zeros(3))
print(rm, rv)
run('batch_norm eval', lambda a: F.batch_norm(a, rm, rv), x2)
run('batch_norm no stats', lambda a: F.batch_norm(a, None, None, training=True), x1)
run('instance_norm', lambda a: F.instance_norm(a), x2)
run('instance_norm affine', lambda a, w: F.instance_norm(a, weight=w, bias=torch.zeros(3), eps=1e-3), x1, torch.rand(3))
run('layer_norm', lambda a, w, b: F.layer_norm(a, (6,), w, b), x2, torch.rand(6), torch.rand(6))
run('layer_norm 2d', lambda a: F.layer_norm(a, [6, 6], eps=1e-3), x2)
run('group_norm', lambda a, w: F.group_norm(a, 3, w), x2, torch.rand(3))
run('rms_norm', lambda a, w: F.rms_norm(a, (8,), w), x1, torch.rand(8))
run('rms_norm eps', lambda a: F.rms_norm(a, [6, 6], eps=1e-2), x2)
run('local_response_norm 3d', lambda a: F.local_response_norm(a, 2), x1)
run('local_response_norm 4d', lambda a: F.local_response_norm(a, 3, alpha=0.1, beta=0.5, k=2.0), x2)
run('normalize', lambda a: F.normalize(a), x1)
run('normalize p1', lambda a: F.normalize(a, p=1, dim=-1, eps=0.5), x2)

for bad in [lambda: F.batch_norm(torch.randn(1, 3), torch.zeros(3), torch.ones(3), training=True),
            lambda: F.batch_norm(x2, rm, rv, training=True, eps=0.0),
            lambda: F.batch_norm(x2, rm, rv, eps=-1.0),
            lambda: F.instance_norm(torch.randn(2, 3, 1)),
            lambda: F.group_norm(torch.randn(3), 1),
            lambda: F.group_norm(torch.randn(1, 2, 1), 2),
            lambda: F.local_response_norm(torch.randn(2, 3), 2),
            lambda: F.lp_pool2d(x2, 0, 2),
            lambda: F.fractional_max_pool2d(x2, 2),
            lambda: F.max_unpool2d(out, idx, 2, output_size=[9, 9]),
            lambda: F.max_unpool2d(out, idx, 2, output_size=[3]),
            lambda: F.adaptive_avg_pool2d(torch.randn(2), (1, 1)),
            lambda: F.max_pool2d(x2),
            lambda: F.conv2d(x2, w1)]:
    try:
        bad()
    except Exception as exc:
        print(type(exc).__name__, exc)
