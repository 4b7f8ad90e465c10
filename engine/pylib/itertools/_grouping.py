"""groupby (runs of equal keys) and tee (one iterator, several readers)."""

from itertools._args import clinic, as_index, _MISSING


def _same(a, b):
    # The C code's PyObject_RichCompareBool: identity first, then ==.
    return a is b or a == b


class groupby(object):
    """make an iterator that returns consecutive keys and groups from the
    iterable; each group is an iterator over the run of items sharing that
    key, valid only until the groupby advances."""

    def __init__(self, *args, **kwargs):
        iterable, key = clinic('groupby', args, kwargs, ('iterable', 'key'), 1)
        self._iterator = iter(iterable)
        self._keyfunc = None if key is _MISSING else key
        self._target_key = _MISSING
        self._current_key = _MISSING
        self._current_value = _MISSING
        self._current_grouper = None

    def _step(self):
        value = next(self._iterator)
        keyfunc = self._keyfunc
        self._current_key = value if keyfunc is None else keyfunc(value)
        self._current_value = value

    def __iter__(self):
        return self

    def __next__(self):
        self._current_grouper = None        # invalidates the old group
        while True:
            if self._current_key is _MISSING:
                pass
            elif self._target_key is _MISSING:
                break
            elif not _same(self._target_key, self._current_key):
                break
            self._step()                    # skip the rest of the old run
        self._target_key = self._current_key
        grouper = _grouper(self, self._target_key)
        self._current_grouper = grouper
        return (self._current_key, grouper)


class _grouper(object):
    """One run of a groupby: reads from the parent while the key holds."""

    def __init__(self, parent, target_key):
        self._parent = parent
        self._target_key = target_key

    def __iter__(self):
        return self

    def __next__(self):
        parent = self._parent
        if parent._current_grouper is not self:
            raise StopIteration
        if parent._current_value is _MISSING:
            parent._step()
        if not _same(self._target_key, parent._current_key):
            raise StopIteration
        value = parent._current_value
        parent._current_value = _MISSING
        return value


class _TeeLink(object):
    """A cell of the buffer shared by tee iterators: the item at one
    position, and the link for the position after it (None until read)."""

    def __init__(self):
        self.value = None
        self.following = None


class _tee(object):
    """Iterator wrapped to make it copyable."""

    def __init__(self, iterable):
        if isinstance(iterable, _tee):
            self._source = iterable._source
            self._link = iterable._link
        else:
            self._source = iter(iterable)
            self._link = _TeeLink()

    def __iter__(self):
        return self

    def __next__(self):
        link = self._link
        if link.following is None:
            link.value = next(self._source)
            link.following = _TeeLink()
        self._link = link.following
        return link.value

    def __copy__(self):
        return _tee(self)


def tee(*args, **kwargs):
    """Returns a tuple of n independent iterators."""
    if kwargs:
        raise TypeError('itertools.tee() takes no keyword arguments')
    if not args:
        raise TypeError('tee expected at least 1 argument, got 0')
    if len(args) > 2:
        raise TypeError('tee expected at most 2 arguments, got %d' % len(args))
    n = as_index(args[1]) if len(args) == 2 else 2
    if n < 0:
        raise ValueError('n must be >= 0')
    if n == 0:
        return ()
    iterator = iter(args[0])
    # An iterator that can copy itself (another tee) is reused as it is.
    if getattr(iterator, '__copy__', None) is not None:
        first = iterator
    else:
        first = _tee(iterator)
    result = [first]
    for _ in range(n - 1):
        result.append(result[-1].__copy__())
    return tuple(result)


groupby.__module__ = _grouper.__module__ = _tee.__module__ = 'itertools'
