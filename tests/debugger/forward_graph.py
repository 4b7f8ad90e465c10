# The graph built so far at a pause in the forward: :graph, :nodes and
# :render with no expression show the graph of the tensors the paused
# program's variables hold (the outputs nothing has used yet).
import torch


def block(x, w):
    h = x @ w
    a = h.tanh()
    return a.sum()


w = torch.ones(3, 2, requires_grad=True)
x = torch.arange(12.).reshape(4, 3) / 10
loss = block(x, w)
loss.backward()
print("grad", w.grad.sum())
