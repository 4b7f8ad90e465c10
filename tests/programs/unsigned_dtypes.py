# torch.uint16, torch.uint32 and torch.uint64: the barebones unsigned
# dtypes -- creation, printing, tolist/item, conversion, iinfo, and
# PyTorch's errors for the kernels they do not have yet.
import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


for dt in (torch.uint16, torch.uint32, torch.uint64):
    print(dt, repr(dt), dt.itemsize, dt.is_floating_point, dt.is_signed, str(dt))
    t = torch.tensor([1, 2, 300], dtype=dt)
    print(t, t.dtype, t.tolist(), t[2].item(), type(t[2].item()).__name__)
    print(torch.zeros(2, dtype=dt), torch.empty(0, dtype=dt), torch.full((2, 2), 7, dtype=dt))
    print(t.to(torch.int64), torch.tensor([5, 6]).to(dt), t.element_size())
    attempt(lambda: torch.iinfo(dt))
    attempt(lambda: t.sum())
print(torch.tensor([2**32 - 1], dtype=torch.uint32), torch.tensor([2**16 - 1], dtype=torch.uint16))
print(torch.tensor([2**63 - 1], dtype=torch.uint64).tolist())
print(torch.uint32 == torch.uint32, torch.uint32 == torch.int32)
print(torch.ones(3, dtype=torch.uint32).view(torch.int32))
x = torch.tensor([1.0, 2.0], requires_grad=True)
(x.to(torch.uint32).to(torch.float32) * x).sum().backward()
print(x.grad)
