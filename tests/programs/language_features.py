# oracle: pytorch
# covers: language corners: closures in loops, default args, *args/**kwargs, comprehensions with conditions, string methods, sorting with keys, exceptions with chaining, global counters, dict of dtypes
import math
import torch

def make_adders(n):
    return [lambda x, k=k: x + k for k in range(n)]

print([f(10) for f in make_adders(4)])

def describe(*args, sep="-", **kwargs):
    parts = [str(a) for a in args] + [f"{k}={v!r}" for k, v in sorted(kwargs.items())]
    return sep.join(parts)

print(describe(1, 2.5, "x", b=[1, 2], a=None, sep="|"))

calls = 0
def counted(x):
    global calls
    calls += 1
    return x * x

total = sum(counted(i) for i in range(10) if i % 3 != 0)
print(total, calls)

words = "the quick brown fox jumps over the lazy dog".split()
print(sorted(set(words), key=lambda w: (-len(w), w))[:4])
print({w: len(w) for w in words if w.startswith(("t", "q"))})
print(", ".join(w.upper() for w in words[:3]), "fox" in words, words.index("over"))

sizes = {torch.float32: 4, torch.float64: 8, torch.int64: 8, torch.bool: 1}
x = torch.zeros(3, dtype=torch.float64)
print(sizes[x.dtype], x.dtype in sizes, torch.int32 in sizes)

try:
    try:
        {}["missing"]
    except KeyError as e:
        raise ValueError("lookup failed") from e
except ValueError as e:
    print(type(e).__name__, e, type(e.__cause__).__name__, e.__cause__)

a, *rest, z = range(6)
print(a, rest, z)
print(f"{math.pi:.3f} {1234567.891:,.2f} {42:>6} {'left':<8}| {0.000123:e} {255:#x}")
print("%5.2f|%-4d|%s" % (3.14159, 7, [1, 2]))
print(round(2.5), round(3.5), round(-0.5), round(1.23456, 3), divmod(-7, 3), -7 // 3, -7 % 3)
print(1e16, 1.5e-7, 0.1 + 0.2, float("inf"), -float("inf"), 2 ** 62, 10 / 4)
matrix = [[i * 3 + j for j in range(3)] for i in range(3)]
print([row[::-1] for row in matrix], list(zip(*matrix)))
print(max(words, key=len), min(3, 1, 2), any(w == "dog" for w in words), all([]))
