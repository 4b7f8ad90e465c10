import torch


def layer(x, w):
    return (x * w).tanh()


x = torch.ones(3, requires_grad=True)
w = torch.full((3,), 0.5, requires_grad=True)
for step in range(2):
    layer(x, w).sum().backward()  # the graph is gone when the trace is written
