# itertools.islice over a generator and tuple() of a generator expression:
# per-item costs of the iterator protocol through a pylib class (islice's
# __next__) and of materialising a lazy generator expression.
import itertools
import time


def counter():
    n = 0
    while True:
        yield n
        n += 1


start = time.perf_counter()
head = list(itertools.islice(counter(), 100000))
squares = tuple(x * x for x in range(100000))
print(f"{time.perf_counter() - start:.6f}")
assert head[-1] == 99999 and squares[-1] == 99999 * 99999
