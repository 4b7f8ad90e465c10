# Several roots in one backward, a shared subgraph, and autograd.grad with
# inputs in the middle of the graph (nodes past them do not run).
import torch

w = torch.randn(3, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
x = torch.randn(5, 3)
h = torch.tanh(x @ w + b)
loss1 = h.pow(2).mean()
loss2 = h.abs().sum()
torch.autograd.backward([loss1, loss2])
print(w.grad.shape, b.grad.shape)

h2 = torch.relu(x @ w)
y = (h2 * 3).sum()
g, = torch.autograd.grad(y, h2)
print(g.shape)
gw, gb = torch.autograd.grad((h2.sum() + b.sum()) * 2, [w, b])
print(gw.shape, gb.shape)
