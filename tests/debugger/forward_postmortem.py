# An exception in the forward under `debug`: after the traceback, the
# post-mortem prompt opens in the frames the exception went through.
import torch


def scale(t, factor):
    bad = t.view(4)  # a 6-element tensor has no 4-element view
    return bad * factor


def model(x):
    h = x * 2
    return scale(h, 3.0)


x = torch.ones(2, 3, requires_grad=True)
out = model(x)
print("never printed", out)
