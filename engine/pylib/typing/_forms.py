"""Special forms: Any, Union, Optional, Literal, ClassVar, Final, and the
markers that cannot be subscripted (NoReturn, Never, Self, ...)."""

from functools import lru_cache
from typing._base import (known, _Final, _type_check, _type_repr,
                          _remove_dups_flatten, _deduplicate)


def _tp_cache(func, typed=False):
    """Cache subscriptions, so List[int] is List[int] (as in CPython);
    unhashable arguments skip the cache."""
    cached = lru_cache(typed=typed)(func)

    def inner(*args, **kwds):
        try:
            return cached(*args, **kwds)
        except TypeError:
            pass
        return func(*args, **kwds)
    inner.__name__ = func.__name__
    inner.__doc__ = func.__doc__
    inner.cache_clear = cached.cache_clear
    return inner


class _SpecialForm(_Final, _root=True):
    """A typing construct such as Union: printed as typing.Name,
    subscripted through the function it was made from."""

    def __init__(self, getitem):
        self._getitem = getitem
        self._name = getitem.__name__
        self.__doc__ = getitem.__doc__
        self._cached_getitem = _tp_cache(self._getitem_uncached)

    def _getitem_uncached(self, parameters):
        return self._getitem(self, parameters)

    def __getattr__(self, item):
        if item in ('__name__', '__qualname__'):
            return self._name
        raise AttributeError(item)

    def __mro_entries__(self, bases):
        raise TypeError('Cannot subclass %r' % (self,))

    def __repr__(self):
        return 'typing.' + self._name

    def __reduce__(self):
        return self._name

    def __call__(self, *args, **kwds):
        raise TypeError('Cannot instantiate %r' % (self,))

    def __or__(self, other):
        return known.Union[self, other]

    def __ror__(self, other):
        return known.Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError('%s cannot be used with isinstance()' % (self,))

    def __subclasscheck__(self, cls):
        raise TypeError('%s cannot be used with issubclass()' % (self,))

    def __getitem__(self, parameters):
        return self._cached_getitem(parameters)

    # Not iterable, and not mistaken for an Iterable by its __getitem__.
    __iter__ = None


class _LiteralSpecialForm(_SpecialForm, _root=True):

    def __getitem__(self, parameters):
        if not isinstance(parameters, tuple):
            parameters = (parameters,)
        return self._getitem(self, *parameters)


for _cls in (_Final, _SpecialForm, _LiteralSpecialForm):
    _cls.__module__ = 'typing'
known._SpecialForm = _SpecialForm


class _AnyMeta(type):

    def __instancecheck__(self, obj):
        if self is Any:
            raise TypeError('typing.Any cannot be used with isinstance()')
        return super().__instancecheck__(obj)

    def __repr__(self):
        if self is Any:
            return 'typing.Any'
        return super().__repr__()


class Any(metaclass=_AnyMeta):
    """Special type indicating an unconstrained type.

    - Any is compatible with every type.
    - Any assumed to have all methods.
    - All values assumed to be instances of Any.
    """

    def __new__(cls, *args, **kwargs):
        if cls is Any:
            raise TypeError('Any cannot be instantiated')
        return super().__new__(cls)


_AnyMeta.__module__ = Any.__module__ = 'typing'
known.Any = Any


def _not_subscriptable(self, parameters):
    raise TypeError('%s is not subscriptable' % (self,))


def _marker(name, doc):
    def getitem(self, parameters):
        _not_subscriptable(self, parameters)
    getitem.__name__ = name
    getitem.__doc__ = doc
    return _SpecialForm(getitem)


NoReturn = _marker('NoReturn',
                   'Special type indicating functions that never return.')
Never = _marker('Never', 'The bottom type, a type that has no members.')
Self = _marker('Self', 'Used to spell the type of "self" in classes.')
LiteralString = _marker('LiteralString',
                        'Represents an arbitrary literal string.')
TypeAlias = _marker('TypeAlias', 'Special marker indicating that an '
                    'assignment should be recognized as a proper type alias '
                    'definition by type checkers.')
known.NoReturn, known.Never, known.Self = NoReturn, Never, Self
known.LiteralString, known.TypeAlias = LiteralString, TypeAlias


def _single_type_form(name, doc):
    """ClassVar[T], Final[T], TypeGuard[T], Required[T]...: one type."""
    def getitem(self, parameters):
        item = _type_check(parameters,
                           '%s accepts only single type.' % (self,))
        return known._GenericAlias(self, (item,))
    getitem.__name__ = name
    getitem.__doc__ = doc
    return _SpecialForm(getitem)


ClassVar = _single_type_form('ClassVar', 'Special type construct to mark '
                             'class variables.')
Final = _single_type_form('Final', 'Special typing construct to indicate '
                          'final names to type checkers.')
TypeGuard = _single_type_form('TypeGuard', 'Special typing form used to '
                              'annotate the return type of a user-defined '
                              'type guard function.')
Required = _single_type_form('Required', 'A special typing construct to '
                             'mark a key of a total=False TypedDict as '
                             'required.')
NotRequired = _single_type_form('NotRequired', 'A special typing construct '
                                'to mark a key of a TypedDict as potentially '
                                'missing.')
known.ClassVar, known.Final = ClassVar, Final
known.Required, known.NotRequired = Required, NotRequired


def Union(self, parameters):
    """Union type; Union[X, Y] means either X or Y."""
    if parameters == ():
        raise TypeError('Cannot take a Union of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    msg = 'Union[arg, ...]: each arg must be a type.'
    parameters = tuple([_type_check(p, msg) for p in parameters])
    parameters = _remove_dups_flatten(parameters)
    if len(parameters) == 1:
        return parameters[0]
    if len(parameters) == 2 and type(None) in parameters:
        return known._UnionGenericAlias(self, parameters, name='Optional')
    return known._UnionGenericAlias(self, parameters)


Union = _SpecialForm(Union)
known.Union = Union


def Optional(self, parameters):
    """Optional type.

    Optional[X] is equivalent to Union[X, None].
    """
    arg = _type_check(parameters, '%s requires a single type.' % (self,))
    return Union[arg, type(None)]


Optional = _SpecialForm(Optional)


def _flatten_literal_params(parameters):
    params = []
    for p in parameters:
        if isinstance(p, known._LiteralGenericAlias):
            params.extend(p.__args__)
        else:
            params.append(p)
    return tuple(params)


def _literal_getitem(self, *parameters):
    parameters = _flatten_literal_params(parameters)
    try:
        # Literal[1, True] keeps both: deduplicate on (value, type).
        pairs = _deduplicate([(p, type(p)) for p in parameters])
        parameters = tuple([p for p, _ in pairs])
    except TypeError:
        pass
    return known._LiteralGenericAlias(self, parameters)


_literal_cached = _tp_cache(_literal_getitem, typed=True)


def Literal(self, *parameters):
    """Special typing form to define literal types (a.k.a. value types)."""
    return _literal_cached(self, *parameters)


Literal = _LiteralSpecialForm(Literal)


def Concatenate(self, parameters):
    """Used in conjunction with ParamSpec and Callable to represent a
    higher order function which adds, removes or transforms parameters."""
    if parameters == ():
        raise TypeError('Cannot take a Concatenate of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    if not (parameters[-1] is Ellipsis or
            isinstance(parameters[-1], known.ParamSpec)):
        raise TypeError('The last parameter to Concatenate should be a '
                        'ParamSpec variable or ellipsis.')
    msg = 'Concatenate[arg, ...]: each arg must be a type.'
    parameters = tuple([_type_check(p, msg) for p in parameters[:-1]]) + \
        (parameters[-1],)
    return known._ConcatenateGenericAlias(self, parameters)


Concatenate = _SpecialForm(Concatenate)


def Unpack(self, parameters):
    """Type unpack operator (PEP 646)."""
    item = _type_check(parameters, '%s accepts only single type.' % (self,))
    return known._UnpackGenericAlias(self, (item,))


Unpack = _SpecialForm(Unpack)
