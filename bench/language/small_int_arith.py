# Small-int arithmetic in a loop: the fast path that ints beyond 64 bits
# (promotion to an arbitrary-precision int on overflow) must not slow down.
import time

start = time.perf_counter()
total = 0
i = 0
while i < 300000:
    total = total + i * 3 - (i // 2) % 7
    i += 1
print(f"{time.perf_counter() - start:.6f}")
assert total > 0
