# Python ints beyond 64 bits meeting torch: PyTorch's overflow errors, and
# the values that still fit (2**63 as a Scalar is an unsigned 64-bit int).
import torch


def attempt(label, fn):
    try:
        print(label, fn())
    except (OverflowError, ValueError, TypeError, RuntimeError) as e:
        print(label, type(e).__name__ + ':', str(e).splitlines()[0])


x = torch.ones(2)
attempt('tensor', lambda: torch.tensor(2 ** 70))
attempt('tensor list', lambda: torch.tensor([1, 2 ** 70]))
attempt('add', lambda: x + 2 ** 70)
attempt('method', lambda: x.add(2 ** 70))
attempt('full', lambda: torch.full((2,), 2 ** 64))
attempt('mul 2**63', lambda: x * 2 ** 63)
attempt('fits', lambda: torch.tensor(2 ** 63 - 1))
attempt('from big arithmetic', lambda: torch.tensor(2 ** 70 // 2 ** 10))
attempt('item', lambda: torch.tensor(3).item() * 2 ** 64)
attempt('shape', lambda: x.shape[0] * 2 ** 64)
