"""collections.defaultdict: a dict that fills in missing keys by calling
default_factory (dict.__getitem__ calls __missing__ on a miss)."""

# ids of defaultdicts whose factory repr is being built
_being_printed = set()


class defaultdict(dict):
    """defaultdict(default_factory=None, /, [...]) --> dict with default
    factory"""

    def __init__(self, *args, **kwds):
        factory = None
        if args:
            factory = args[0]
            if factory is not None and not callable(factory):
                raise TypeError('first argument must be callable or None')
            args = args[1:]
        self.default_factory = factory
        dict.__init__(self, *args, **kwds)

    def __missing__(self, key):
        factory = self.default_factory
        if factory is None:
            raise KeyError(key)
        value = factory()
        self[key] = value
        return value

    def __repr__(self):
        factory = self.default_factory
        if factory is None:
            factory_repr = 'None'
        else:
            key = id(self)
            if key in _being_printed:
                factory_repr = '...'
            else:
                _being_printed.add(key)
                try:
                    factory_repr = repr(factory)
                finally:
                    _being_printed.discard(key)
        return '%s(%s, %s)' % (type(self).__name__, factory_repr,
                               dict.__repr__(self))

    def copy(self):
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


defaultdict.__module__ = 'collections'
