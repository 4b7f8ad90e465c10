# The grad-mode helpers a training loop uses, inside the loop: an
# evaluation pass under torch.inference_mode (as decorator and context;
# inference tensors and what they refuse), torch.autograd.set_detect_anomaly
# and detect_anomaly (as context, as function, nested, check_nan=False),
# and torch.nn.utils.clip_grad_norm_ / clip_grad_value_ between backward
# and a hand-written SGD update; a DataLoader iterated in inference mode.
import warnings

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
x = torch.randn(16, 3)
y = x.sum(1, keepdim=True) * 3.0


@torch.inference_mode()
def evaluate(m):
    out = m(x)
    return ((out - y) ** 2).mean()


norms = []
for step in range(6):
    model.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    total = nn.utils.clip_grad_norm_(model.parameters(), max_norm=0.5)
    norms.append(round(total.item(), 4))
    with torch.no_grad():
        for p in model.parameters():
            p -= 0.1 * p.grad
    val = evaluate(model)
    print(step, f'{loss.item():.5f}', f'{val.item():.5f}', val.requires_grad, val.is_inference(), torch.is_inference_mode_enabled())
print(norms)
grad_norm = torch.linalg.vector_norm(torch.stack([torch.linalg.vector_norm(p.grad) for p in model.parameters()]))
print(f'{grad_norm.item():.4f}')
print(nn.utils.clip_grad_norm_(model.parameters(), 1e-3, norm_type='inf'))
nn.utils.clip_grad_value_(model.parameters(), 1e-4)
print(max(p.grad.abs().max().item() for p in model.parameters()))

with torch.inference_mode():
    t = model(x)
    print(t.requires_grad, t.is_inference(), torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    with torch.inference_mode(False):
        print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
print(torch.is_inference_mode_enabled(), t.is_inference())
try:
    t.add_(1)
except RuntimeError as e:
    print('RuntimeError:', e)
try:
    (t * model[0].weight.sum()).sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)
print(t.clone().is_inference(), x.is_inference())
with torch.inference_mode():
    batches = [b[0] for b in DataLoader(TensorDataset(torch.arange(6)), batch_size=4, shuffle=True)]
print([b.tolist() for b in batches], batches[0].is_inference(), torch.rand(1))

print('anomaly')
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
torch.autograd.set_detect_anomaly(True)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
torch.autograd.set_detect_anomaly(False)
print(torch.is_anomaly_enabled())
with torch.autograd.set_detect_anomaly(True, check_nan=False):
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())

w = torch.tensor([1.0, 0.0], requires_grad=True)
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    for step in range(3):
        with torch.autograd.detect_anomaly():
            print(step, torch.is_anomaly_enabled())
            loss = (w.sqrt() * (step - 1.0)).sum() if step == 2 else (w * step).sum()
            try:
                loss.backward()
                print(w.grad)
            except RuntimeError as e:
                print('RuntimeError:', str(e).splitlines()[0])
        w.grad = None
print(torch.is_anomaly_enabled())
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    with torch.autograd.detect_anomaly(check_nan=False):
        (w.sqrt() * 0.0).sum().backward()
print(w.grad)
