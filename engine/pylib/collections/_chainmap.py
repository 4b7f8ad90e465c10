"""collections.ChainMap: several mappings searched in order as one.

Lookups try each mapping in turn; writes and deletions only ever touch the
first mapping (maps[0]).
"""

from collections.abc import MutableMapping

# ids of ChainMaps whose repr is being built (a recursive one prints ...)
_being_printed = set()


class ChainMap(MutableMapping):
    """A ChainMap groups multiple dicts (or other mappings) together to
    create a single, updateable view."""

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            try:
                return mapping[key]
            except KeyError:
                pass
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __len__(self):
        keys = set()
        for mapping in self.maps:
            keys.update(mapping)
        return len(keys)

    def __iter__(self):
        # Earlier mappings win, but order follows the last mapping first,
        # as a dict built from the chain back to front would.
        merged = {}
        for mapping in reversed(self.maps):
            for key in mapping:
                merged[key] = None
        return iter(merged)

    def __contains__(self, key):
        for mapping in self.maps:
            if key in mapping:
                return True
        return False

    def __bool__(self):
        for mapping in self.maps:
            if mapping:
                return True
        return False

    def __repr__(self):
        key = id(self)
        if key in _being_printed:
            return '...'
        _being_printed.add(key)
        try:
            return '%s(%s)' % (type(self).__name__,
                               ', '.join([repr(m) for m in self.maps]))
        finally:
            _being_printed.discard(key)

    @classmethod
    def fromkeys(cls, iterable, *args):
        'Create a ChainMap with a single dict created from the iterable.'
        return cls(dict.fromkeys(iterable, *args))

    def copy(self):
        'New ChainMap or subclass with a new copy of maps[0] and refs to maps[1:]'
        return type(self)(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        """New ChainMap with a new map followed by all previous maps."""
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return type(self)(m, *self.maps)

    @property
    def parents(self):
        'New ChainMap from maps[1:].'
        return type(self)(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError('Key not found in the first mapping: %r' % (key,))

    def popitem(self):
        'Remove and return an item pair from maps[0]. Raise KeyError is maps[0] is empty.'
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError('No keys found in the first mapping.')

    def pop(self, key, *args):
        'Remove *key* from maps[0] and return its value. Raise KeyError if *key* not in maps[0].'
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError('Key not found in the first mapping: %r' % (key,))

    def clear(self):
        'Clear maps[0], leaving maps[1:] intact.'
        self.maps[0].clear()

    def __ior__(self, other):
        self.maps[0].update(other)
        return self

    def __or__(self, other):
        if not isinstance(other, MutableMapping):
            return NotImplemented
        new = self.copy()
        new.maps[0].update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, MutableMapping):
            return NotImplemented
        merged = dict(other)
        for child in reversed(self.maps):
            merged.update(child)
        return type(self)(merged)


ChainMap.__module__ = 'collections'
