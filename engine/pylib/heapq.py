"""heapq: min-heaps on lists, with CPython's sift order (so the list a
program prints holds its items in CPython's places): heappush, heappop,
heapify, heapreplace, heappushpop, merge, nlargest, nsmallest.
"""

__all__ = ['heappush', 'heappop', 'heapify', 'heapreplace', 'merge', 'nlargest', 'nsmallest', 'heappushpop']


def _check_list(heap, name):
    if not isinstance(heap, list):
        raise TypeError("%s() argument 1 must be list, not %s" % (name, type(heap).__name__))


def heappush(heap, item):
    _check_list(heap, 'heappush')
    heap.append(item)
    _siftdown(heap, 0, len(heap) - 1)


def heappop(heap):
    _check_list(heap, 'heappop')
    if not heap:
        raise IndexError('index out of range')
    last = heap.pop()
    if heap:
        top = heap[0]
        heap[0] = last
        _siftup(heap, 0)
        return top
    return last


def heapreplace(heap, item):
    _check_list(heap, 'heapreplace')
    if not heap:
        raise IndexError('index out of range')
    top = heap[0]
    heap[0] = item
    _siftup(heap, 0)
    return top


def heappushpop(heap, item):
    _check_list(heap, 'heappushpop')
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _siftup(heap, 0)
    return item


def heapify(x):
    _check_list(x, 'heapify')
    for i in reversed(range(len(x) // 2)):
        _siftup(x, i)


def _heappop_max(heap):
    last = heap.pop()
    if heap:
        top = heap[0]
        heap[0] = last
        _siftup_max(heap, 0)
        return top
    return last


def _heapify_max(x):
    for i in reversed(range(len(x) // 2)):
        _siftup_max(x, i)


def _heapreplace_max(heap, item):
    top = heap[0]
    heap[0] = item
    _siftup_max(heap, 0)
    return top


# The new item at `pos` moves up towards `startpos` past larger parents.
def _siftdown(heap, startpos, pos):
    newitem = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if newitem < parent:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = newitem


# The item at `pos` goes down to a leaf along the smaller children, then
# back up to its place (fewer comparisons than stopping early).
def _siftup(heap, pos):
    endpos = len(heap)
    startpos = pos
    newitem = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[childpos] < heap[rightpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = newitem
    _siftdown(heap, startpos, pos)


def _siftdown_max(heap, startpos, pos):
    newitem = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if parent < newitem:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = newitem


def _siftup_max(heap, pos):
    endpos = len(heap)
    startpos = pos
    newitem = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[rightpos] < heap[childpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = newitem
    _siftdown_max(heap, startpos, pos)


def merge(*iterables, key=None, reverse=False):
    """One sorted stream from sorted inputs (ties in input order)."""
    h = []
    if reverse:
        _heapify_ = _heapify_max
        _heappop_ = _heappop_max
        _heapreplace_ = _heapreplace_max
        direction = -1
    else:
        _heapify_ = heapify
        _heappop_ = heappop
        _heapreplace_ = heapreplace
        direction = 1
    if key is None:
        for order, it in enumerate(map(iter, iterables)):
            try:
                h.append([next(it), order * direction, it])
            except StopIteration:
                pass
        _heapify_(h)
        while len(h) > 1:
            try:
                while True:
                    value, order, it = s = h[0]
                    yield value
                    s[0] = next(it)
                    _heapreplace_(h, s)
            except StopIteration:
                _heappop_(h)
        if h:
            value, order, it = h[0]
            yield value
            yield from it
        return
    for order, it in enumerate(map(iter, iterables)):
        try:
            value = next(it)
            h.append([key(value), order * direction, value, it])
        except StopIteration:
            pass
    _heapify_(h)
    while len(h) > 1:
        try:
            while True:
                key_value, order, value, it = s = h[0]
                yield value
                value = next(it)
                s[0] = key(value)
                s[2] = value
                _heapreplace_(h, s)
        except StopIteration:
            _heappop_(h)
    if h:
        key_value, order, value, it = h[0]
        yield value
        yield from it


def nsmallest(n, iterable, key=None):
    """The n smallest items, smallest first (stable, as sorted())."""
    if n == 1:
        it = iter(iterable)
        sentinel = object()
        result = min(it, default=sentinel, key=key)
        return [] if result is sentinel else [result]
    try:
        size = len(iterable)
    except (TypeError, AttributeError):
        pass
    else:
        if n >= size:
            return sorted(iterable, key=key)[:n]
    if n <= 0:
        return []
    return sorted(iterable, key=key)[:n]


def nlargest(n, iterable, key=None):
    """The n largest items, largest first (stable, as sorted(reverse=True))."""
    if n == 1:
        it = iter(iterable)
        sentinel = object()
        result = max(it, default=sentinel, key=key)
        return [] if result is sentinel else [result]
    try:
        size = len(iterable)
    except (TypeError, AttributeError):
        pass
    else:
        if n >= size:
            return sorted(iterable, key=key, reverse=True)[:n]
    if n <= 0:
        return []
    return sorted(iterable, key=key, reverse=True)[:n]
