import torch

a = torch.tensor([1., 2.], requires_grad=True)
b = (a * 3).sin()
c = b.sum()
try:
    c.backward(retain_graph=True)
except RuntimeError as e:
    print("caught:", e)
print("a.grad after abort:", a.grad)
c.backward()
print("a.grad after a full backward:", a.grad)
