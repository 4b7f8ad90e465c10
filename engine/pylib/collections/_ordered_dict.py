"""collections.OrderedDict.

A dict already keeps insertion order, so OrderedDict is a dict subclass that
adds what order-aware code asks for: move_to_end, popitem(last=False),
equality that respects order between OrderedDicts, 3.11's repr
`OrderedDict([('a', 1)])`, and views that print as odict_keys([...]).
"""

from collections.abc import KeysView, ValuesView, ItemsView

# ids of OrderedDicts whose repr is being built (a recursive one prints ...)
_being_printed = set()


class odict_keys(KeysView):

    def __iter__(self):
        return iter(dict.keys(self._mapping))

    def __reversed__(self):
        return reversed(dict.keys(self._mapping))

    def __repr__(self):
        return 'odict_keys(%r)' % (list(self),)


class odict_values(ValuesView):

    def __iter__(self):
        return iter(dict.values(self._mapping))

    def __reversed__(self):
        return reversed(dict.values(self._mapping))

    def __repr__(self):
        return 'odict_values(%r)' % (list(self),)


class odict_items(ItemsView):

    def __iter__(self):
        return iter(dict.items(self._mapping))

    def __reversed__(self):
        return reversed(dict.items(self._mapping))

    def __repr__(self):
        return 'odict_items(%r)' % (list(self),)


odict_keys.__module__ = odict_values.__module__ = 'builtins'
odict_items.__module__ = 'builtins'


class OrderedDict(dict):
    'Dictionary that remembers insertion order'

    def __init__(self, *args, **kwds):
        if len(args) > 1:
            raise TypeError('expected at most 1 arguments, got %d'
                            % len(args))
        self.update(*args, **kwds)

    def update(self, *args, **kwds):
        """Like MutableMapping.update: every item goes through
        self[key] = value, so subclasses overriding __setitem__ see it."""
        if len(args) > 1:
            raise TypeError('update expected at most 1 argument, got %d'
                            % len(args))
        if args:
            other = args[0]
            if isinstance(other, dict):
                for key in other:
                    self[key] = other[key]
            elif hasattr(other, 'keys'):
                for key in other.keys():
                    self[key] = other[key]
            else:
                for key, value in other:
                    self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def move_to_end(self, key, last=True):
        """Move an existing key to the end (or, last=False, the start)."""
        if not dict.__contains__(self, key):
            raise KeyError(key)
        if last:
            dict.__setitem__(self, key, dict.pop(self, key))
            return
        # A dict cannot insert at the front: rebuild with key first.
        value = dict.pop(self, key)
        rest = list(dict.items(self))
        dict.clear(self)
        dict.__setitem__(self, key, value)
        for other_key, other_value in rest:
            dict.__setitem__(self, other_key, other_value)

    def popitem(self, last=True):
        """Remove and return the last (or, last=False, first) item."""
        if not dict.__len__(self):
            raise KeyError('dictionary is empty')
        if last:
            return dict.popitem(self)
        for key in dict.keys(self):
            return key, dict.pop(self, key)

    def keys(self):
        return odict_keys(self)

    def values(self):
        return odict_values(self)

    def items(self):
        return odict_items(self)

    def __eq__(self, other):
        # Order matters only when both sides are OrderedDicts.
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(dict.keys(self)) == \
                list(dict.keys(other))
        return dict.__eq__(self, other)

    def __ne__(self, other):
        equal = self.__eq__(other)
        if equal is NotImplemented:
            return equal
        return not equal

    __hash__ = None

    def __repr__(self):
        if not dict.__len__(self):
            return '%s()' % (type(self).__name__,)
        key = id(self)
        if key in _being_printed:
            return '...'
        _being_printed.add(key)
        try:
            return '%s(%r)' % (type(self).__name__, list(dict.items(self)))
        finally:
            _being_printed.discard(key)

    def copy(self):
        'od.copy() -> a shallow copy of od'
        return type(self)(self)

    __copy__ = copy

    @classmethod
    def fromkeys(cls, iterable, value=None):
        self = cls()
        for key in iterable:
            self[key] = value
        return self

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self)
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


OrderedDict.__module__ = 'collections'
