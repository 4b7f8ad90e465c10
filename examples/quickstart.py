# quickstart: a tiny linear model, its loss, one backward pass, the gradients.
#
#   scripts/run examples/quickstart.py
#
# Everything here is plain PyTorch: the same file runs under `python3`.
import torch

torch.manual_seed(0)

# data: y = 2x + 1 with a little noise
x = torch.linspace(-1, 1, 8).unsqueeze(1)
y = 2 * x + 1 + 0.05 * torch.randn(8, 1)

# parameters of the model y_hat = x @ w + b
w = torch.randn(1, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)

y_hat = x @ w + b
loss = ((y_hat - y) ** 2).mean()
print("loss:", loss)
print("loss was made by", loss.grad_fn.name())

loss.backward()
print("dloss/dw:", w.grad)
print("dloss/db:", b.grad)

# one step of gradient descent, outside of autograd
with torch.no_grad():
    w -= 0.5 * w.grad
    b -= 0.5 * b.grad
new_loss = ((x @ w + b - y) ** 2).mean()
print(f"loss after one step: {new_loss.item():.4f} (was {loss.item():.4f})")
