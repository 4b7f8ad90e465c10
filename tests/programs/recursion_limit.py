# sys.getrecursionlimit / setrecursionlimit with CPython's checks, and a
# recursion deeper than the default limit once the limit is raised.
import sys
import torch

print(sys.getrecursionlimit())
for n in (0, -5, 1, 2, 2.5, 10**30):
    try:
        sys.setrecursionlimit(n)
        print("set", n)
    except Exception as e:
        print(type(e).__name__, e)


def inside():
    try:
        sys.setrecursionlimit(3)
    except RecursionError as e:
        print(type(e).__name__, e)


inside()


def depth_sum(n, t):
    return t if n == 0 else depth_sum(n - 1, t + 1)


sys.setrecursionlimit(6000)
print(sys.getrecursionlimit())
x = torch.tensor(1.0, requires_grad=True)
y = depth_sum(4000, x)
y.backward()
print(y, x.grad)


def forever(n):
    return forever(n + 1)


sys.setrecursionlimit(80)
try:
    forever(0)
except RecursionError as e:
    print(type(e).__name__, e)
sys.setrecursionlimit(1000)
print(sys.getrecursionlimit())
