# oracle: pytorch
# Regular expressions where PyTorch scripts use them: renaming the keys of a
# checkpoint saved from a DataParallel model, choosing which parameters to
# train by pattern, and parsing the training log a run printed.
import re
import torch

torch.manual_seed(0)
checkpoint = {
    'module.embed.weight': torch.randn(4, 3),
    'module.layers.0.linear.weight': torch.randn(3, 3),
    'module.layers.0.linear.bias': torch.zeros(3),
    'module.layers.1.linear.weight': torch.randn(3, 3),
    'module.layers.1.linear.bias': torch.zeros(3),
    'module.head.weight': torch.randn(2, 3),
}

# DataParallel's 'module.' prefix off, layers.N -> blocks.N
RENAMES = [(r'^module\.', ''), (r'layers\.(\d+)\.linear', r'blocks.\1.fc')]
params = {}
for key, value in checkpoint.items():
    new_key = key
    for pattern, replacement in RENAMES:
        new_key = re.sub(pattern, replacement, new_key)
    params[new_key] = value.clone().requires_grad_()
print(list(params))

# Train only the last block and the head.
trainable = re.compile(r'^(blocks\.1\.|head\.)')
for name, p in params.items():
    p.requires_grad_(bool(trainable.match(name)))
print([name for name, p in params.items() if p.requires_grad])

layer = re.compile(r'blocks\.(?P<index>\d+)\.fc\.(?P<kind>weight|bias)')
by_layer = {}
for name, p in params.items():
    m = layer.fullmatch(name)
    if m:
        by_layer.setdefault(int(m['index']), {})[m['kind']] = p
print(sorted(by_layer), {i: sorted(d) for i, d in by_layer.items()})

x = params['embed.weight'][torch.tensor([0, 2])]
for i in sorted(by_layer):
    x = torch.tanh(x @ by_layer[i]['weight'].T + by_layer[i]['bias'])
loss = (x @ params['head.weight'].T).pow(2).mean()
loss.backward()
for name, p in params.items():
    grad = None if p.grad is None else round(p.grad.pow(2).sum().sqrt().item(), 4)
    print(f'{name:22} {str(tuple(p.shape)):8} grad norm {grad}')

LOG = """\
[2024-05-01 12:00:01] epoch 1 step 100 loss=2.3026 lr=1.0e-03
[2024-05-01 12:00:09] epoch 1 step 200 loss=1.9872 lr=1.0e-03
WARNING: grad norm 15.2 clipped to 1.0
[2024-05-01 12:01:02] epoch 2 step 300 loss=1.4410 lr=5.0e-04
"""
line_re = re.compile(r'^\[(?P<time>[^\]]+)\] epoch (\d+) step (\d+) '
                     r'loss=(?P<loss>[\d.]+) lr=(?P<lr>\S+)$', re.MULTILINE)
records = [(int(m[2]), int(m[3]), float(m['loss']), float(m['lr']))
           for m in line_re.finditer(LOG)]
print(records)
losses = torch.tensor([r[2] for r in records])
print(losses, losses.diff())
print(re.findall(r'grad norm ([\d.]+) clipped', LOG))
print(line_re.search(LOG).groupdict())
print(line_re.sub(lambda m: f"step {m[3]}: {float(m['loss']):.2f}", LOG), end='')
print(re.split(r'\s+', LOG.splitlines()[0], maxsplit=3))
