"""The one-method ABCs of collections.abc (Iterable, Sized, Hashable,
Callable, ...): each recognises any class that defines its methods,
through `__subclasshook__`."""

from abc import ABCMeta, abstractmethod
from types import GenericAlias

def _check_methods(C, *methods):
    """True if every method is defined somewhere on C's MRO and the first
    definition found is not None (None means "explicitly unsupported", as
    list.__hash__ = None); NotImplemented otherwise."""
    mro = C.__mro__
    for method in methods:
        for base in mro:
            if method in base.__dict__:
                if base.__dict__[method] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


def _one_method_hook(abc, cls, C, *methods):
    # Only the ABC itself recognises classes structurally; its subclasses
    # (e.g. Sequence under Iterable) need real inheritance or register().
    if cls is abc:
        return _check_methods(C, *methods)
    return NotImplemented


class Hashable(metaclass=ABCMeta):

    @abstractmethod
    def __hash__(self):
        return 0

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(Hashable, cls, C, '__hash__')


class Awaitable(metaclass=ABCMeta):

    @abstractmethod
    def __await__(self):
        yield

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(Awaitable, cls, C, '__await__')

    __class_getitem__ = classmethod(GenericAlias)


class Coroutine(Awaitable):

    @abstractmethod
    def send(self, value):
        raise StopIteration

    @abstractmethod
    def throw(self, typ, val=None, tb=None):
        raise typ if val is None else val

    def close(self):
        try:
            self.throw(GeneratorExit)
        except (GeneratorExit, StopIteration):
            pass
        else:
            raise RuntimeError('coroutine ignored GeneratorExit')

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(Coroutine, cls, C, '__await__', 'send',
                                'throw', 'close')


class AsyncIterable(metaclass=ABCMeta):

    @abstractmethod
    def __aiter__(self):
        return AsyncIterator()

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(AsyncIterable, cls, C, '__aiter__')

    __class_getitem__ = classmethod(GenericAlias)


class AsyncIterator(AsyncIterable):

    @abstractmethod
    def __anext__(self):
        raise StopAsyncIteration

    def __aiter__(self):
        return self

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(AsyncIterator, cls, C, '__anext__',
                                '__aiter__')


class AsyncGenerator(AsyncIterator):

    @abstractmethod
    def asend(self, value):
        raise StopAsyncIteration

    @abstractmethod
    def athrow(self, typ, val=None, tb=None):
        raise typ if val is None else val

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(AsyncGenerator, cls, C, '__aiter__',
                                '__anext__', 'asend', 'athrow', 'aclose')


class Iterable(metaclass=ABCMeta):

    @abstractmethod
    def __iter__(self):
        while False:
            yield None

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(Iterable, cls, C, '__iter__')

    __class_getitem__ = classmethod(GenericAlias)


class Iterator(Iterable):

    @abstractmethod
    def __next__(self):
        'Return the next item from the iterator. When exhausted, raise StopIteration'
        raise StopIteration

    def __iter__(self):
        return self

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(Iterator, cls, C, '__iter__', '__next__')


class Reversible(Iterable):

    @abstractmethod
    def __reversed__(self):
        while False:
            yield None

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(Reversible, cls, C, '__reversed__',
                                '__iter__')


class Generator(Iterator):

    def __next__(self):
        return self.send(None)

    @abstractmethod
    def send(self, value):
        raise StopIteration

    @abstractmethod
    def throw(self, typ, val=None, tb=None):
        if val is None:
            raise typ
        raise val

    def close(self):
        try:
            self.throw(GeneratorExit)
        except (GeneratorExit, StopIteration):
            pass
        else:
            raise RuntimeError('generator ignored GeneratorExit')

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(Generator, cls, C, '__iter__', '__next__',
                                'send', 'throw', 'close')


class Sized(metaclass=ABCMeta):

    @abstractmethod
    def __len__(self):
        return 0

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(Sized, cls, C, '__len__')


class Container(metaclass=ABCMeta):

    @abstractmethod
    def __contains__(self, x):
        return False

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(Container, cls, C, '__contains__')

    __class_getitem__ = classmethod(GenericAlias)


class Collection(Sized, Iterable, Container):

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(Collection, cls, C, '__len__', '__iter__',
                                '__contains__')


def _type_repr(obj):
    """How a type appears inside a subscript: int, mod.Name, ..."""
    if isinstance(obj, type) and not isinstance(obj, GenericAlias):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return '%s.%s' % (obj.__module__, obj.__qualname__)
    if obj is Ellipsis:
        return '...'
    if isinstance(obj, _FunctionType):
        return obj.__name__
    return repr(obj)


def _some_function():
    pass


_FunctionType = type(_some_function)


class _CallableGenericAlias(object):
    """Callable[[int, str], float]: __args__ is the flattened
    (int, str, float); the repr keeps the brackets."""

    def __init__(self, origin, args):
        if not (isinstance(args, tuple) and len(args) == 2):
            raise TypeError(
                'Callable must be used as Callable[[arg, ...], result].')
        arg_types, result = args
        if isinstance(arg_types, (tuple, list)):
            args = tuple(arg_types) + (result,)
        elif arg_types is not Ellipsis:
            raise TypeError('Expected a list of types, an ellipsis, '
                            'ParamSpec, or Concatenate. Got %s' % (arg_types,))
        self.__origin__ = origin
        self.__args__ = args
        self.__parameters__ = ()

    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and args[0] is Ellipsis:
            return 'collections.abc.Callable[..., %s]' % _type_repr(args[1])
        return 'collections.abc.Callable[[%s], %s]' % (
            ', '.join([_type_repr(a) for a in args[:-1]]),
            _type_repr(args[-1]))

    def __eq__(self, other):
        if not isinstance(other, _CallableGenericAlias):
            return NotImplemented
        return (self.__origin__ == other.__origin__
                and self.__args__ == other.__args__)

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)


class Callable(metaclass=ABCMeta):

    @abstractmethod
    def __call__(self, *args, **kwds):
        return False

    @classmethod
    def __subclasshook__(cls, C):
        return _one_method_hook(Callable, cls, C, '__call__')

    @classmethod
    def __class_getitem__(cls, params):
        return _CallableGenericAlias(cls, params)




for _cls in (Hashable, Awaitable, Coroutine, AsyncIterable, AsyncIterator,
             AsyncGenerator, Iterable, Iterator, Reversible, Generator, Sized,
             Container, Collection, Callable):
    _cls.__module__ = 'collections.abc'
del _cls
