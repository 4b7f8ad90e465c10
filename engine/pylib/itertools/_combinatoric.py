"""product, permutations, combinations and combinations_with_replacement.

Each materialises its input as a tuple at construction (so input errors
come immediately, as in CPython) and then walks index tuples in
lexicographic order with a generator.
"""

from itertools._args import clinic, as_index, _MISSING


class _Combinatoric(object):
    """Shared iterator plumbing: __next__ advances self._generator."""

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._generator)


def _check_r(r):
    if not isinstance(r, int):
        raise TypeError('Expected int as r')
    if r < 0:
        raise ValueError('r must be non-negative')
    return r


def _product(pools):
    count = len(pools)
    for pool in pools:
        if not pool:
            return
    indices = [0] * count
    while True:
        yield tuple([pools[i][indices[i]] for i in range(count)])
        # Odometer: advance the rightmost wheel that is not at its end.
        position = count - 1
        while position >= 0:
            indices[position] += 1
            if indices[position] < len(pools[position]):
                break
            indices[position] = 0
            position -= 1
        if position < 0:
            return


class product(_Combinatoric):
    """Cartesian product of input iterables.  Equivalent to nested
    for-loops; repeat=n repeats the inputs n times."""

    def __init__(self, *iterables, **kwargs):
        repeat = 1
        for key in kwargs:
            if key != 'repeat':
                raise TypeError("'%s' is an invalid keyword argument for "
                                "product()" % key)
            repeat = as_index(kwargs[key])
            if repeat < 0:
                raise ValueError('repeat argument cannot be negative')
        pools = [tuple(it) for it in iterables] * repeat
        self._generator = _product(pools)


def _permutations(pool, r):
    n = len(pool)
    if r > n:
        return
    if r == 0:
        yield ()
        return
    used = [False] * n
    chosen = []
    # candidate[d]: the first index to try at depth d.
    candidate = [0] * r
    depth = 0
    while depth >= 0:
        i = candidate[depth]
        while i < n and used[i]:
            i += 1
        if i == n:
            depth -= 1                      # exhausted: backtrack
            if depth >= 0:
                last = chosen.pop()
                used[last] = False
                candidate[depth] = last + 1
            continue
        if depth == r - 1:
            chosen.append(i)
            yield tuple([pool[k] for k in chosen])
            chosen.pop()
            candidate[depth] = i + 1
            continue
        used[i] = True
        chosen.append(i)
        depth += 1
        candidate[depth] = 0


class permutations(_Combinatoric):
    """Return successive r-length permutations of elements in the iterable."""

    def __init__(self, *args, **kwargs):
        iterable, r = clinic('permutations', args, kwargs,
                             ('iterable', 'r'), 1)
        pool = tuple(iterable)
        r = len(pool) if r is _MISSING or r is None else _check_r(r)
        self._generator = _permutations(pool, r)


def _combinations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    yield tuple([pool[i] for i in indices])
    while True:
        # Rightmost index that can still move right.
        position = r - 1
        while position >= 0 and indices[position] == position + n - r:
            position -= 1
        if position < 0:
            return
        indices[position] += 1
        for j in range(position + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple([pool[i] for i in indices])


class combinations(_Combinatoric):
    """Return successive r-length combinations of elements in the iterable."""

    def __init__(self, *args, **kwargs):
        iterable, r = clinic('combinations', args, kwargs,
                             ('iterable', 'r'), 2)
        pool = tuple(iterable)
        self._generator = _combinations(pool, _check_r(r))


def _combinations_with_replacement(pool, r):
    n = len(pool)
    if not n and r:
        return
    indices = [0] * r
    yield tuple([pool[i] for i in indices])
    while True:
        position = r - 1
        while position >= 0 and indices[position] == n - 1:
            position -= 1
        if position < 0:
            return
        value = indices[position] + 1
        for j in range(position, r):
            indices[j] = value
        yield tuple([pool[i] for i in indices])


class combinations_with_replacement(_Combinatoric):
    """Return successive r-length combinations of elements in the iterable
    allowing individual elements to have successive repeats."""

    def __init__(self, *args, **kwargs):
        iterable, r = clinic('combinations_with_replacement', args, kwargs,
                             ('iterable', 'r'), 2)
        pool = tuple(iterable)
        self._generator = _combinations_with_replacement(pool, _check_r(r))


for _cls in (product, permutations, combinations,
             combinations_with_replacement):
    _cls.__module__ = 'itertools'
del _cls
