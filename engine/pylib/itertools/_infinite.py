"""count, cycle and repeat: the iterators that can run forever."""

from itertools._args import exact, clinic, as_index, _MISSING


def _is_number(value):
    if isinstance(value, (int, float)):
        return True
    kind = type(value)
    return (hasattr(kind, '__index__') or hasattr(kind, '__int__')
            or hasattr(kind, '__float__') or hasattr(kind, '__complex__'))


class count(object):
    """Return a count object whose .__next__() method returns consecutive
    values: start, start+step, start+2*step, ..."""

    def __init__(self, *args, **kwargs):
        start, step = clinic('count', args, kwargs, ('start', 'step'), 0)
        if start is _MISSING:
            start = 0
        if step is _MISSING:
            step = 1
        if not _is_number(start) or not _is_number(step):
            raise TypeError('a number is required')
        self._value = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        value = self._value
        self._value = value + self._step
        return value

    def __repr__(self):
        # An int step of 1 is the default and is left out.
        if type(self._step) is int and self._step == 1:
            return 'count(%r)' % (self._value,)
        return 'count(%r, %r)' % (self._value, self._step)


class cycle(object):
    """Return elements from the iterable until it is exhausted. Then repeat
    the sequence indefinitely."""

    def __init__(self, *args, **kwargs):
        iterable, = exact('cycle', args, kwargs, 1)
        self._iterator = iter(iterable)
        self._saved = []
        self._position = -1        # -1 while the first pass is running

    def __iter__(self):
        return self

    def __next__(self):
        if self._position < 0:
            for value in self._iterator:
                self._saved.append(value)
                return value
            if not self._saved:
                raise StopIteration
            self._position = 0
        value = self._saved[self._position]
        self._position += 1
        if self._position == len(self._saved):
            self._position = 0
        return value


class repeat(object):
    """repeat(object [,times]) -> create an iterator which returns the object
    for the specified number of times.  If not specified, returns the object
    endlessly."""

    def __init__(self, *args, **kwargs):
        element, times = clinic('repeat', args, kwargs,
                                ('object', 'times'), 1)
        self._element = element
        if times is _MISSING:
            self._remaining = None
        else:
            times = as_index(times)
            self._remaining = times if times > 0 else 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._remaining is None:
            return self._element
        if self._remaining <= 0:
            raise StopIteration
        self._remaining -= 1
        return self._element

    def __length_hint__(self):
        if self._remaining is None:
            raise TypeError('len() of unsized object')
        return self._remaining

    def __repr__(self):
        if self._remaining is None:
            return 'repeat(%r)' % (self._element,)
        return 'repeat(%r, %d)' % (self._element, self._remaining)


count.__module__ = cycle.__module__ = repeat.__module__ = 'itertools'
