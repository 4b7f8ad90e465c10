# A backward started from inside a tensor hook, while the outer one runs.
import torch

p = torch.tensor([2.0], requires_grad=True)
q = torch.tensor([3.0], requires_grad=True)

def hook(grad):
    with torch.enable_grad():  # hooks run with grad mode off, as in PyTorch
        inner = (q * q).sum()
    inner.backward()
    print("inner backward done, q.grad =", q.grad)
    return grad

h = p * 5
h.register_hook(hook)
h.sum().backward()
print("p.grad =", p.grad)
