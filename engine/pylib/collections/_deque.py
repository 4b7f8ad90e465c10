"""collections.deque: a double-ended queue with an optional maximum length.

Storage is one list plus a `head` offset: the live items are
items[head:].  popleft just advances head (the dead prefix is cut off once it
is at least half the list), appendleft fills the prefix, and when the prefix
is used up it is regrown in proportion to the size, so both ends cost O(1)
amortised while most of the work stays inside native list operations.
`state` counts structural changes, so iterators can detect mutation.
"""

from types import GenericAlias

# ids of deques whose repr is being built (a recursive one prints [...])
_being_printed = set()


def _as_index(value, message):
    """value as an int via __index__, else TypeError(message), with any %s
    in message replaced by the type's name."""
    if isinstance(value, int):
        return value
    method = getattr(type(value), '__index__', None)
    if method is None:
        if '%s' in message:
            message = message % type(value).__name__
        raise TypeError(message)
    return method(value)


class _MaxlenDescriptor(object):
    """deque.maxlen: readable, not writable (with the C type's message)."""

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return instance._maxlen

    def __set__(self, instance, value):
        raise AttributeError("attribute 'maxlen' of 'collections.deque' "
                             "objects is not writable")


class deque(object):
    """A list-like sequence optimized for data accesses near its endpoints."""

    maxlen = _MaxlenDescriptor()

    def __init__(self, *args, **kwargs):
        iterable, maxlen = _parse_init_arguments(args, kwargs)
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError('an integer is required')
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._items = []
        self._head = 0
        self._maxlen = maxlen
        self._state = 0
        if iterable is not None:
            self.extend(iterable)

    # ---- the two ends ----------------------------------------------------------

    def append(self, x):
        'Add an element to the right side of the deque.'
        self._state += 1
        self._items.append(x)
        if self._maxlen is not None and \
                len(self._items) - self._head > self._maxlen:
            self._drop_left()

    def appendleft(self, x):
        'Add an element to the left side of the deque.'
        self._state += 1
        if self._head == 0:
            spare = len(self._items) + 8
            self._items[0:0] = [None] * spare
            self._head = spare
        self._head -= 1
        self._items[self._head] = x
        if self._maxlen is not None and \
                len(self._items) - self._head > self._maxlen:
            self._items.pop()

    def pop(self):
        'Remove and return the rightmost element.'
        if len(self._items) == self._head:
            raise IndexError('pop from an empty deque')
        self._state += 1
        value = self._items.pop()
        if len(self._items) == self._head:
            self._reset()
        return value

    def popleft(self):
        'Remove and return the leftmost element.'
        if len(self._items) == self._head:
            raise IndexError('pop from an empty deque')
        self._state += 1
        return self._drop_left()

    def _drop_left(self):
        items = self._items
        head = self._head
        value = items[head]
        items[head] = None
        head += 1
        if head == len(items):
            self._reset()
        elif head >= 32 and head * 2 >= len(items):
            del items[:head]
            self._head = 0
        else:
            self._head = head
        return value

    def _reset(self):
        self._items.clear()
        self._head = 0

    def _live(self):
        """The items, as a new list."""
        if self._head == 0:
            return list(self._items)
        return self._items[self._head:]

    def extend(self, iterable):
        'Extend the right side of the deque with elements from the iterable'
        if iterable is self:
            iterable = self._live()
        if self._maxlen is None:
            self._state += 1
            self._items.extend(iterable)
            return
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        'Extend the left side of the deque with elements from the iterable'
        if iterable is self:
            iterable = self._live()
        for x in iterable:
            self.appendleft(x)

    # ---- whole-deque operations ------------------------------------------------

    def clear(self):
        'Remove all elements from the deque.'
        self._state += 1
        self._reset()

    def copy(self):
        'Return a shallow copy of a deque.'
        if type(self) is deque:
            return deque(self, self._maxlen)
        if self._maxlen is None:
            return type(self)(self)
        return type(self)(self, self._maxlen)

    __copy__ = copy

    def rotate(self, n=1):
        'Rotate the deque n steps to the right (default n=1).  If n is negative, rotates left.'
        n = _as_index(n, "'%s' object cannot be interpreted as an integer")
        live = self._live()
        size = len(live)
        self._state += 1
        if size <= 1:
            return
        n %= size
        if n:
            self._items = live[size - n:] + live[:size - n]
            self._head = 0

    def reverse(self):
        'Reverse *IN PLACE*'
        live = self._live()
        live.reverse()
        self._state += 1
        self._items = live
        self._head = 0

    def count(self, value):
        'Return number of occurrences of value.'
        return self._live().count(value)

    def index(self, value, *args):
        """Return first index of value.

        Raises ValueError if the value is not present."""
        size = len(self._items) - self._head
        start, stop = _index_bounds(args, size)
        position = start
        items = self._items
        head = self._head
        while position < stop:
            item = items[head + position]
            if item is value or item == value:
                return position
            position += 1
        raise ValueError('%r is not in deque' % (value,))

    def remove(self, value):
        'Remove first occurrence of value.'
        items = self._items
        for position in range(self._head, len(items)):
            item = items[position]
            if item is value or item == value:
                self._state += 1
                if position == self._head:
                    self._drop_left()
                else:
                    del items[position]
                return
        raise ValueError('%r is not in deque' % (value,))

    def insert(self, index, value):
        'Insert value before index.'
        size = len(self._items) - self._head
        if self._maxlen is not None and size >= self._maxlen:
            raise IndexError('deque already at its maximum size')
        index = _as_index(index,
                          "'%s' object cannot be interpreted as an integer")
        if index < 0:
            index += size
            if index < 0:
                index = 0
        elif index > size:
            index = size
        self._state += 1
        self._items.insert(self._head + index, value)

    # ---- sequence protocol -----------------------------------------------------

    def __len__(self):
        return len(self._items) - self._head

    def __bool__(self):
        return len(self._items) > self._head

    def _position(self, index):
        index = _as_index(index, "sequence index must be integer, not '%s'")
        size = len(self._items) - self._head
        if index < 0:
            index += size
        if index < 0 or index >= size:
            raise IndexError('deque index out of range')
        return self._head + index

    def __getitem__(self, index):
        return self._items[self._position(index)]

    def __setitem__(self, index, value):
        self._items[self._position(index)] = value

    def __delitem__(self, index):
        position = self._position(index)
        self._state += 1
        if position == self._head:
            self._drop_left()
        else:
            del self._items[position]

    def __contains__(self, value):
        try:
            self._items.index(value, self._head)
        except ValueError:
            return False
        return True

    def __iter__(self):
        state = self._state
        position = 0
        while True:
            if self._state != state:
                raise RuntimeError('deque mutated during iteration')
            at = self._head + position
            if at >= len(self._items):
                return
            yield self._items[at]
            position += 1

    def __reversed__(self):
        state = self._state
        position = len(self._items) - self._head - 1
        while position >= 0:
            if self._state != state:
                raise RuntimeError('deque mutated during iteration')
            yield self._items[self._head + position]
            position -= 1

    # ---- operators --------------------------------------------------------------

    def __repr__(self):
        key = id(self)
        if key in _being_printed:
            return '[...]'
        _being_printed.add(key)
        try:
            shown = repr(self._live())
        finally:
            _being_printed.discard(key)
        name = type(self).__name__
        if self._maxlen is None:
            return '%s(%s)' % (name, shown)
        return '%s(%s, maxlen=%d)' % (name, shown, self._maxlen)

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() == other._live()

    def __ne__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() != other._live()

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() < other._live()

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() <= other._live()

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() > other._live()

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._live() >= other._live()

    def __hash__(self):
        # The C type's message names it 'collections.deque'.  (CPython sets
        # __hash__ = None instead, so unlike here it is not Hashable.)
        raise TypeError("unhashable type: 'collections.deque'")

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "%s") to deque'
                            % type(other).__name__)
        result = self.copy()
        result.extend(other)
        return result

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, times):
        result = self.copy()
        result *= times
        return result

    __rmul__ = __mul__

    def __imul__(self, times):
        if not isinstance(times, int):
            times = _as_index(times, "can't multiply sequence by non-int of "
                                     "type '%s'")
        live = self._live()
        if times <= 0:
            self.clear()
            return self
        for _ in range(times - 1):
            self.extend(live)
        return self

    __class_getitem__ = classmethod(GenericAlias)


deque.__module__ = 'collections'

_DEQUE_ARGUMENTS = ('iterable', 'maxlen')


def _parse_init_arguments(args, kwargs):
    """(iterable, maxlen) from deque()'s arguments, with the C type's
    argument errors."""
    total = len(args) + len(kwargs)
    if total > 2:
        raise TypeError('deque() takes at most 2 arguments (%d given)' % total)
    values = list(args) + [None] * (2 - len(args))
    for key in kwargs:
        if key not in _DEQUE_ARGUMENTS:
            raise TypeError("'%s' is an invalid keyword argument for deque()"
                            % key)
        position = _DEQUE_ARGUMENTS.index(key)
        if position < len(args):
            raise TypeError("argument for deque() given by name ('%s') and "
                            "position (%d)" % (key, position + 1))
        values[position] = kwargs[key]
    return values[0], values[1]


def _index_bounds(args, size):
    """index()'s optional start and stop, clamped like list.index."""
    if len(args) > 2:
        raise TypeError('index expected at most 3 arguments, got %d'
                        % (len(args) + 1))
    bounds = [0, size]
    for i in range(len(args)):
        bound = _as_index(args[i], 'slice indices must be integers or have '
                                   'an __index__ method')
        if bound < 0:
            bound += size
            if bound < 0:
                bound = 0
        elif bound > size:
            bound = size
        bounds[i] = bound
    return bounds[0], bounds[1]
