# At a backward pause, :bt is the call stack that created the node; :up and
# :down select a frame, and the prompt then runs in its variables (those of
# a function that has returned are kept while the debugger is attached).
import torch


def layer(x, scale):
    h = x * scale
    return h.exp().sum()


x = torch.tensor([0.5, -1.0], requires_grad=True)
loss = layer(x, 2.0)
loss.backward()
print("x.grad", x.grad)
