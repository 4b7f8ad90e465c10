# gradient_regression: the gradients of a small model, checked the way a CI
# job checks them. Exit status 0 when every check holds; a failed check
# raises, so backstep exits 1 and the job fails.
#
#   backstep run examples/ci/gradient_regression.py \
#       --trace trace.json --graph-json graphs.json --render-dir pictures
#
# The same file runs under python3 with PyTorch.
import torch
import torch.nn.functional as F
from torch.autograd import gradcheck, gradgradcheck

torch.manual_seed(0)


# The pieces of the model, written as plain functions of tensors.
def gelu_tanh(x):
    return 0.5 * x * (1 + torch.tanh(0.7978845608 * (x + 0.044715 * x ** 3)))


def layer_norm(x, weight, bias):
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return (x - mean) / torch.sqrt(var + 1e-5) * weight + bias


def block(x, w1, w2, weight, bias):
    return layer_norm(x + gelu_tanh(x @ w1) @ w2, weight, bias)


# 1. Finite differences agree with autograd, in float64, for every piece.
def double(*shape):
    return torch.randn(*shape, dtype=torch.double, requires_grad=True)


x, w1, w2 = double(3, 4), double(4, 6), double(6, 4)
weight, bias = double(4), double(4)
checks = [
    ("gelu_tanh", gelu_tanh, (x,)),
    ("layer_norm", layer_norm, (x, weight, bias)),
    ("block", block, (x, w1, w2, weight, bias)),
]
for name, fn, inputs in checks:
    assert gradcheck(fn, inputs), name
    print(f"gradcheck {name}: ok")
assert gradgradcheck(gelu_tanh, (x,))
print("gradgradcheck gelu_tanh: ok")

# 2. The hand-derived gradient of the loss matches autograd.
logits = torch.randn(5, 3, requires_grad=True)
labels = torch.tensor([0, 2, 1, 1, 0])
loss = F.cross_entropy(logits, labels)
loss.backward()
by_hand = (F.softmax(logits.detach(), dim=1) - F.one_hot(labels, 3)) / 5
assert torch.allclose(logits.grad, by_hand, atol=1e-6), (logits.grad, by_hand)
print("cross-entropy gradient matches the formula")

# 3. A training step lowers the loss, and no gradient is NaN or Inf.
params = [p.detach().float().requires_grad_() for p in (w1, w2, weight, bias)]
data = torch.randn(16, 4)
target = torch.randn(16, 4)
losses = []
for step in range(3):
    out = block(data, *params)
    step_loss = F.mse_loss(out, target)
    for p in params:
        p.grad = None
    step_loss.backward()
    assert all(torch.isfinite(p.grad).all() for p in params), "non-finite gradient"
    with torch.no_grad():
        for p in params:
            p -= 0.05 * p.grad
    losses.append(step_loss.item())
assert losses[-1] < losses[0], losses
print("loss went down:", " > ".join(f"{v:.4f}" for v in losses))
