# Allocation failure is an exception the program can catch, and the
# interpreter goes on (issue 16): MemoryError for impossible sequences and
# widths, PyTorch's RuntimeError for an impossible tensor.
import torch

for make in (lambda: [1] * 10**12, lambda: 'ab' * 10**12, lambda: b'a' * 10**12,
             lambda: (0,) * 10**12, lambda: f"{'x':>{10**12}}", lambda: '{:{}}'.format(1, 10**12)):
    try:
        make()
    except MemoryError as e:
        print(type(e).__name__, repr(e), e.args)

try:
    torch.zeros(100000, 100000)
except RuntimeError as e:
    print("DefaultCPUAllocator: can't allocate memory" in str(e), "40000000000 bytes" in str(e))

# Empty sequences repeat to empty at once, however large the count.
print(len('' * 10**15), len([] * 10**15), len(b'' * 10**15), len(() * 10**15))
try:
    'a' * 10**30
except OverflowError as e:
    print(e)
print(torch.ones(2, 3).sum())
print('{:{}}|{:>{w}.{p}f}|'.format(1, 5, 3.14159, w=9, p=2))
