# Line breakpoints and stepping in the forward, as pdb does them.
import torch


def double(v):
    w = v * 2
    return w


a = torch.tensor([1., 2.], requires_grad=True)
b = double(a)
c = b.sum()
c.backward()
print("a.grad", a.grad)
