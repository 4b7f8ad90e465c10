# mlp: a three-layer perceptron with cross-entropy, one training step.
#
#   scripts/run render examples/graphs/mlp.py -o mlp.svg --grads
#
# The picture shows each layer as a box of the function that made it
# (`layer`), the parameters as leaves, and the gradient norms after backward.
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def layer(x, w, b, activation=True):
    h = x @ w + b
    return torch.relu(h) if activation else h


def mlp(x, params):
    h = x
    for i, (w, b) in enumerate(params):
        h = layer(h, w, b, activation=i < len(params) - 1)
    return h


sizes = [8, 16, 16, 4]
params = []
for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
    w = (torch.randn(fan_in, fan_out) / fan_in ** 0.5).requires_grad_()
    b = torch.zeros(fan_out, requires_grad=True)
    params.append((w, b))

x = torch.randn(32, 8)
labels = torch.randint(0, 4, (32,))
logits = mlp(x, params)
loss = F.cross_entropy(logits, labels)
loss.backward()
print("loss", round(loss.item(), 4))
for i, (w, b) in enumerate(params):
    print(f"layer {i}: |dw| = {w.grad.norm().item():.4f}  |db| = {b.grad.norm().item():.4f}")
