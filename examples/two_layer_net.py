# two_layer_net: a two-layer network with ReLU trained by hand-written SGD on
# a small regression problem (PyTorch's "learning PyTorch with examples",
# written with autograd and torch.nn.functional, no nn.Module).
#
#   scripts/run examples/two_layer_net.py
import torch
import torch.nn.functional as F

torch.manual_seed(1)
N, D_in, H, D_out = 64, 10, 32, 1

x = torch.randn(N, D_in)
true_w = torch.randn(D_in, D_out)
y = torch.sin(x @ true_w)

w1 = (torch.randn(D_in, H) * 0.3).requires_grad_()
b1 = torch.zeros(H, requires_grad=True)
w2 = (torch.randn(H, D_out) * 0.3).requires_grad_()
b2 = torch.zeros(D_out, requires_grad=True)
params = [w1, b1, w2, b2]

def forward(x):
    hidden = F.relu(x @ w1 + b1)
    return hidden @ w2 + b2

learning_rate = 0.2
for step in range(201):
    loss = F.mse_loss(forward(x), y)
    if step % 50 == 0:
        print(f"step {step:3d}  loss {loss.item():.5f}")
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= learning_rate * p.grad
            p.grad = None

print("final loss", F.mse_loss(forward(x), y).item() < 0.1)
print("parameters:", sum(p.numel() for p in params))
