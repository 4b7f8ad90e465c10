"""The iterators that stop with their input: accumulate, chain, compress,
dropwhile, takewhile, filterfalse, starmap, islice, pairwise, zip_longest."""

from itertools._args import exact, clinic, as_index, _MISSING
from _backstep import islice_base as _islice_base, islice_state as _islice_state


def _add(a, b):
    return a + b


class accumulate(object):
    """Return series of accumulated sums (or other binary function results)."""

    def __init__(self, *args, **kwargs):
        iterable, func, initial = clinic('accumulate', args, kwargs,
                                         ('iterable', 'func'), 1,
                                         ('initial',))
        self._iterator = iter(iterable)
        self._func = _add if func is _MISSING or func is None else func
        self._total = _MISSING
        if initial is not _MISSING and initial is not None:
            self._pending_initial = [initial]
        else:
            self._pending_initial = None

    def __iter__(self):
        return self

    def __next__(self):
        if self._pending_initial:
            self._total = self._pending_initial.pop()
            return self._total
        value = next(self._iterator)
        if self._total is _MISSING:
            self._total = value
        else:
            self._total = self._func(self._total, value)
        return self._total


class chain(object):
    """Return a chain object whose .__next__() method returns elements from
    the first iterable until it is exhausted, then elements from the next
    iterable, until all of the iterables are exhausted."""

    def __init__(self, *iterables, **kwargs):
        if kwargs:
            raise TypeError('chain() takes no keyword arguments')
        self._sources = iter(iterables)
        self._active = None

    @classmethod
    def from_iterable(cls, *args):
        """Alternative chain() constructor taking a single iterable argument
        that evaluates lazily."""
        if len(args) != 1:
            raise TypeError('chain.from_iterable() takes exactly one argument '
                            '(%d given)' % len(args))
        result = cls()
        result._sources = iter(args[0])
        return result

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self._active is None:
                if self._sources is None:
                    raise StopIteration
                for source in self._sources:
                    self._active = iter(source)
                    break
                else:
                    self._sources = None
                    raise StopIteration
            for value in self._active:
                return value
            self._active = None


class compress(object):
    """Return data elements corresponding to true selector elements."""

    def __init__(self, *args, **kwargs):
        data, selectors = clinic('compress', args, kwargs,
                                 ('data', 'selectors'), 2)
        self._data = iter(data)
        self._selectors = iter(selectors)

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            value = next(self._data)
            if next(self._selectors):
                return value


class dropwhile(object):
    """Drop items from the iterable while predicate(item) is true."""

    def __init__(self, *args, **kwargs):
        predicate, iterable = exact('dropwhile', args, kwargs, 2)
        self._predicate = predicate
        self._iterator = iter(iterable)
        self._dropping = True

    def __iter__(self):
        return self

    def __next__(self):
        value = next(self._iterator)
        if self._dropping:
            while self._predicate(value):
                value = next(self._iterator)
            self._dropping = False
        return value


class takewhile(object):
    """Return successive entries from an iterable as long as the predicate
    evaluates to true for each entry."""

    def __init__(self, *args, **kwargs):
        predicate, iterable = exact('takewhile', args, kwargs, 2)
        self._predicate = predicate
        self._iterator = iter(iterable)
        self._done = False

    def __iter__(self):
        return self

    def __next__(self):
        if self._done:
            raise StopIteration
        value = next(self._iterator)
        if self._predicate(value):
            return value
        self._done = True
        raise StopIteration


class filterfalse(object):
    """Return those items of iterable for which function(item) is false.
    If function is None, return the items that are false."""

    def __init__(self, *args, **kwargs):
        function, iterable = exact('filterfalse', args, kwargs, 2)
        self._function = bool if function is None else function
        self._iterator = iter(iterable)

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            value = next(self._iterator)
            if not self._function(value):
                return value


class starmap(object):
    """Return an iterator whose values are returned from the function
    evaluated with an argument tuple taken from the given sequence."""

    def __init__(self, *args, **kwargs):
        function, iterable = exact('starmap', args, kwargs, 2)
        self._function = function
        self._iterator = iter(iterable)

    def __iter__(self):
        return self

    def __next__(self):
        # tuple() first: a non-iterable item reports "'int' object is not
        # iterable", as the C code does.
        return self._function(*tuple(next(self._iterator)))


_STOP_MESSAGE = ('Stop argument for islice() must be None or an integer: '
                 '0 <= x <= sys.maxsize.')
_INDEX_MESSAGE = ('Indices for islice() must be None or an integer: '
                  '0 <= x <= sys.maxsize.')


_MAXSIZE = 9223372036854775807  # sys.maxsize: islice's counters are C ssize_t


def _islice_bound(value, message):
    if value is None:
        return None
    try:
        value = as_index(value)
    except TypeError:
        raise ValueError(message) from None
    if value < 0 or value > _MAXSIZE:
        raise ValueError(message)
    return value


class islice(_islice_base):
    """islice(iterable, stop) --> islice object
    islice(iterable, start, stop[, step]) --> islice object"""

    # Note [itertools.islice's native step] (islice_native.cpp): __iter__
    # and __next__ come from _islice_base, stepping the state made here.
    def __init__(self, *args, **kwargs):
        if kwargs:
            raise TypeError('islice() takes no keyword arguments')
        if len(args) < 2:
            raise TypeError('islice expected at least 2 arguments, got %d'
                            % len(args))
        if len(args) > 4:
            raise TypeError('islice expected at most 4 arguments, got %d'
                            % len(args))
        start, step = 0, 1
        if len(args) == 2:
            stop = _islice_bound(args[1], _STOP_MESSAGE)
        else:
            start = _islice_bound(args[1], _INDEX_MESSAGE) or 0
            stop = _islice_bound(args[2], _STOP_MESSAGE)
            if len(args) == 4 and args[3] is not None:
                try:
                    step = as_index(args[3])
                except TypeError:
                    step = -1
                if step < 1 or step > _MAXSIZE:
                    raise ValueError('Step for islice() must be a positive '
                                     'integer or None.')
        self._native = _islice_state(iter(args[0]), start, stop, step)


class pairwise(object):
    """Return an iterator of overlapping pairs taken from the input
    iterator: s -> (s0,s1), (s1,s2), (s2, s3), ..."""

    def __init__(self, *args, **kwargs):
        iterable, = exact('pairwise', args, kwargs, 1)
        self._iterator = iter(iterable)
        self._previous = _MISSING

    def __iter__(self):
        return self

    def __next__(self):
        iterator = self._iterator
        if iterator is None:
            raise StopIteration
        try:
            if self._previous is _MISSING:
                self._previous = next(iterator)
            value = next(iterator)
        except StopIteration:
            self._iterator = None
            raise
        pair = (self._previous, value)
        self._previous = value
        return pair


class zip_longest(object):
    """Return a zip_longest object whose .__next__() method returns a tuple
    where the i-th element comes from the i-th iterable argument; exhausted
    iterables are padded with fillvalue until all are exhausted."""

    def __init__(self, *iterables, **kwargs):
        fillvalue = None
        for key in kwargs:
            if key != 'fillvalue':
                raise TypeError('zip_longest() got an unexpected keyword '
                                'argument')
            fillvalue = kwargs[key]
        self._iterators = [iter(it) for it in iterables]
        self._fillvalue = fillvalue
        self._active = len(self._iterators)

    def __iter__(self):
        return self

    def __next__(self):
        if not self._active:
            raise StopIteration
        iterators = self._iterators
        values = []
        for position in range(len(iterators)):
            iterator = iterators[position]
            if iterator is None:
                values.append(self._fillvalue)
                continue
            for value in iterator:
                values.append(value)
                break
            else:
                self._active -= 1
                if not self._active:
                    raise StopIteration
                iterators[position] = None
                values.append(self._fillvalue)
        return tuple(values)


for _cls in (accumulate, chain, compress, dropwhile, takewhile, filterfalse,
             starmap, islice, pairwise, zip_longest):
    _cls.__module__ = 'itertools'
del _cls
