# oracle: pytorch
# The time module: clocks move forward, sleep sleeps at least as long as
# asked, and bad arguments get CPython's messages.
import time
import torch

t0 = time.perf_counter()
n0 = time.perf_counter_ns()
m0 = time.monotonic()
time.sleep(0.05)
elapsed = time.perf_counter() - t0
print(elapsed >= 0.05, elapsed < 5)
print(time.perf_counter_ns() - n0 >= 50_000_000)
print(time.monotonic() - m0 >= 0.05)
print(isinstance(time.perf_counter_ns(), int), isinstance(time.perf_counter(), float))
print(time.time() > 1.7e9, abs(time.time_ns() / 1e9 - time.time()) < 5)
print(time.process_time() >= 0)
time.sleep(0)
time.sleep(True)

x = torch.ones(3, requires_grad=True)
start = time.perf_counter()
(x * 2).sum().backward()
print(x.grad, time.perf_counter() - start >= 0)

for bad in [-1, "1", None, float("nan")]:
    try:
        time.sleep(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
try:
    time.perf_counter(1)
except TypeError as e:
    print("TypeError:", e)
