# polynomial_fit: fit a cubic to sin(x) with autograd (PyTorch's
# polynomial_autograd tutorial), then check the gradient of the fitted
# polynomial against its analytic derivative.
#
#   scripts/run examples/polynomial_fit.py
import math
import torch

torch.manual_seed(0)
x = torch.linspace(-math.pi, math.pi, 200)
y = torch.sin(x)

coeffs = torch.zeros(4, requires_grad=True)
powers = torch.stack([x ** k for k in range(4)])  # 4 x 200

optimizer_lr = 1e-3
for t in range(1500):
    y_pred = coeffs @ powers
    loss = (y_pred - y).pow(2).sum()
    loss.backward()
    with torch.no_grad():
        coeffs -= optimizer_lr * coeffs.grad / 200
        coeffs.grad.zero_()
    if t % 500 == 499:
        print(t, round(loss.item(), 3))

a, b, c, d = coeffs.tolist()
print(f"y = {a:.3f} + {b:.3f} x + {c:.3f} x^2 + {d:.3f} x^3")

# the derivative of the fitted polynomial at 0.5, two ways
p = torch.tensor(0.5, requires_grad=True)
value = coeffs.detach() @ torch.stack([p ** k for k in range(4)])
(grad,) = torch.autograd.grad(value, p)
print("autograd:", round(grad.item(), 4), " analytic:", round(b + 2 * c * 0.5 + 3 * d * 0.25, 4))
