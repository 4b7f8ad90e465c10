# A generator pipeline: a batch generator feeding a filtering generator
# expression, consumed by sum().
import time


def batches(n, size):
    for start in range(0, n, size):
        yield range(start, min(start + size, n))


start = time.perf_counter()
total = sum(len(b) for b in batches(400000, 4) if b[0] // 4 % 2 == 0)
print(f"{time.perf_counter() - start:.6f}")
assert total == 200000
