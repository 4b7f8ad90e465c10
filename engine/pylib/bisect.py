"""Bisection algorithms on sorted sequences: CPython 3.11's `bisect`
module (bisect_left/right, insort_left/right and their aliases), written
for backstep from the documented semantics."""

__all__ = ['bisect', 'bisect_left', 'bisect_right', 'insort', 'insort_left', 'insort_right']


def _bounds(a, lo, hi):
    if lo < 0:
        raise ValueError('lo must be non-negative')
    if hi is None:
        hi = len(a)
    return lo, hi


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    """The index after the last item of a[lo:hi] that is <= x."""
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        item = a[mid] if key is None else key(a[mid])
        if x < item:
            hi = mid
        else:
            lo = mid + 1
    return lo


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    """The index of the first item of a[lo:hi] that is >= x."""
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        item = a[mid] if key is None else key(a[mid])
        if item < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def insort_right(a, x, lo=0, hi=None, *, key=None):
    lo = bisect_right(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(lo, x)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    lo = bisect_left(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(lo, x)


bisect = bisect_right
insort = insort_right
