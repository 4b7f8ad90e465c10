"""partial, partialmethod and reduce."""

# ids of partial objects whose repr is being built (recursion prints ...)
_being_printed = set()


class partial(object):
    """partial(func, *args, **keywords) - new function with partial
    application of the given arguments and keywords."""

    # func, args and keywords are slots, as the C type's members are: a
    # partial's __dict__ holds only what a program adds (so LambdaLR's
    # state_dict() saves {} for a partial lr_lambda, as PyTorch's does).
    __slots__ = ('func', 'args', 'keywords', '__dict__', '__weakref__')

    def __new__(cls, *args, **keywords):
        if not args:
            raise TypeError("type 'partial' takes at least one argument")
        func = args[0]
        args = args[1:]
        if not callable(func):
            raise TypeError('the first argument must be callable')
        # A partial (of any partial class that keeps partial's __call__)
        # without extra attributes is flattened into the new one.
        if isinstance(func, partial) and \
                type(func).__call__ is partial.__call__ and \
                not func.__dict__:
            args = func.args + args
            keywords = dict(func.keywords, **keywords)
            func = func.func
        self = object.__new__(cls)
        self.func = func
        self.args = tuple(args)
        self.keywords = keywords
        return self

    def __init__(self, *args, **keywords):
        pass            # everything happened in __new__

    def __call__(self, *args, **keywords):
        if self.keywords:
            keywords = dict(self.keywords, **keywords)
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        # The C type's name is 'functools.partial'; a subclass shows its
        # own bare name.
        name = 'functools.partial' if type(self) is partial \
            else type(self).__name__
        key = id(self)
        if key in _being_printed:
            return '...'
        _being_printed.add(key)
        try:
            parts = [repr(self.func)]
            parts.extend([repr(arg) for arg in self.args])
            parts.extend(['%s=%r' % (k, v) for k, v in self.keywords.items()])
        finally:
            _being_printed.discard(key)
        return '%s(%s)' % (name, ', '.join(parts))

    def __reduce__(self):
        return (type(self), (self.func,),
                (self.func, self.args, self.keywords or None,
                 _extra_attributes(self) or None))

    def __setstate__(self, state):
        func, args, keywords, namespace = state
        self.func = func
        self.args = tuple(args)
        self.keywords = dict(keywords) if keywords else {}
        if namespace:
            self.__dict__.update(namespace)


def _extra_attributes(p):
    return dict(p.__dict__)


partial.__module__ = 'functools'


class partialmethod(object):
    """A partial for methods: a descriptor that binds the instance (or
    class) first, then applies the stored arguments."""

    def __init__(self, func, *args, **keywords):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError('%r is not callable or a descriptor' % (func,))
        if isinstance(func, partialmethod):
            self.func = func.func
            self.args = func.args + args
            self.keywords = dict(func.keywords, **keywords)
        else:
            self.func = func
            self.args = args
            self.keywords = keywords

    def __repr__(self):
        args = ', '.join([repr(arg) for arg in self.args])
        keywords = ', '.join(['%s=%r' % (k, v)
                              for k, v in self.keywords.items()])
        # CPython's format leaves the separators in even when empty.
        return '%s.%s(%r, %s, %s)' % (type(self).__module__,
                                      type(self).__qualname__, self.func,
                                      args, keywords)

    def _unbound(self):
        def _method(cls_or_self, *args, **keywords):
            keywords = dict(self.keywords, **keywords)
            return self.func(cls_or_self, *self.args, *args, **keywords)
        _method.__isabstractmethod__ = self.__isabstractmethod__
        _method._partialmethod = self
        return _method

    def __get__(self, obj, cls=None):
        get = getattr(self.func, '__get__', None)
        if get is not None:
            bound = get(obj, cls)
            if bound is not self.func:
                # classmethod, staticmethod, ...: bound already has what it
                # needs; apply our arguments after it.
                result = partial(bound, *self.args, **self.keywords)
                try:
                    result.__self__ = bound.__self__
                except AttributeError:
                    pass
                return result
        return self._unbound().__get__(obj, cls)

    @property
    def __isabstractmethod__(self):
        return getattr(self.func, '__isabstractmethod__', False)


partialmethod.__module__ = 'functools'

_NO_INITIAL = object()


def reduce(function, sequence, initial=_NO_INITIAL):
    """reduce(function, iterable[, initial]) -> value

    Apply a function of two arguments cumulatively to the items of a
    sequence or iterable, from left to right, so as to reduce it to a
    single value."""
    try:
        iterator = iter(sequence)
    except TypeError:
        raise TypeError('reduce() arg 2 must support iteration') from None
    value = initial
    if value is _NO_INITIAL:
        for value in iterator:
            break
        else:
            raise TypeError('reduce() of empty iterable with no initial value')
    for element in iterator:
        value = function(value, element)
    return value
