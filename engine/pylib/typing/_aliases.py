"""Generic aliases: what List, Dict, Callable, Tuple are (unsubscripted)
and what subscripting them or Union/Literal/ClassVar gives.

They print as CPython prints them (typing.List[int],
typing.Optional[int], typing.Callable[[int], str]), compare by origin and
arguments, call through to the origin class, and can stand in a class's
bases (PEP 560 __mro_entries__).
"""

import collections.abc
from typing._base import (known, _Final, _type_check, _type_convert,
                          _type_repr, _collect_parameters, _check_generic,
                          _is_dunder, _TypingEllipsis, _is_param_expr)
from typing._forms import _tp_cache

_ALIAS_OWN_ATTRIBUTES = ('_name', '_inst', '_nparams', '_paramspec_tvars')


class _BaseGenericAlias(_Final, _root=True):
    """Common behaviour of all generic aliases."""

    def __init__(self, origin, inst=True, name=None):
        self._inst = inst
        self._name = name
        self.__origin__ = origin

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError('Type %s cannot be instantiated; use %s() instead'
                            % (self._name, self.__origin__.__name__))
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except AttributeError:
            pass
        return result

    def __mro_entries__(self, bases):
        entries = []
        if self.__origin__ not in bases:
            entries.append(self.__origin__)
        position = bases.index(self)
        for base in bases[position + 1:]:
            if isinstance(base, _BaseGenericAlias) or \
                    issubclass(base, known.Generic):
                break
        else:
            entries.append(known.Generic)
        return tuple(entries)

    def __getattr__(self, attr):
        if attr in ('__name__', '__qualname__'):
            return self._name or self.__origin__.__name__
        # Everything else non-dunder is the origin's (List.append...).
        if '__origin__' in self.__dict__ and not _is_dunder(attr):
            return getattr(self.__origin__, attr)
        raise AttributeError(attr)

    def __setattr__(self, attr, value):
        if _is_dunder(attr) or attr in _ALIAS_OWN_ATTRIBUTES:
            object.__setattr__(self, attr, value)
        else:
            setattr(self.__origin__, attr, value)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        raise TypeError('Subscripted generics cannot be used with class and '
                        'instance checks')


class _GenericAlias(_BaseGenericAlias, _root=True):
    """A subscripted generic: List[int], Union[int, str], Box[T]..."""

    def __init__(self, origin, args, inst=True, name=None,
                 _paramspec_tvars=False):
        super().__init__(origin, inst=inst, name=name)
        if not isinstance(args, tuple):
            args = (args,)
        self.__args__ = tuple([Ellipsis if a is _TypingEllipsis else a
                               for a in args])
        self.__parameters__ = _collect_parameters(args)
        self._paramspec_tvars = _paramspec_tvars
        if not name:
            self.__module__ = origin.__module__

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return (self.__origin__ == other.__origin__
                and self.__args__ == other.__args__)

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __or__(self, right):
        return known.Union[self, right]

    def __ror__(self, left):
        return known.Union[left, self]

    def __getitem__(self, args):
        return _substitute_cached(self, args)

    def _determine_new_args(self, args):
        """The arguments after replacing our type variables by args."""
        params = self.__parameters__
        for param in params:
            prepare = getattr(param, '__typing_prepare_subst__', None)
            if prepare is not None:
                args = prepare(self, args)
        if len(args) != len(params):
            raise TypeError('Too %s arguments for %s; actual %d, expected %d'
                            % ('many' if len(args) > len(params) else 'few',
                               self, len(args), len(params)))
        new_arg_by_param = dict(zip(params, args))
        new_args = []
        for old_arg in self.__args__:
            if isinstance(old_arg, type):
                new_args.append(old_arg)
                continue
            substitute = getattr(old_arg, '__typing_subst__', None)
            if substitute:
                new_arg = substitute(new_arg_by_param[old_arg])
            else:
                subparams = getattr(old_arg, '__parameters__', ())
                if not subparams:
                    new_arg = old_arg
                else:
                    new_arg = old_arg[tuple([new_arg_by_param[x]
                                             for x in subparams])]
            if self.__origin__ == collections.abc.Callable and \
                    isinstance(new_arg, tuple):
                new_args.extend(new_arg)
            else:
                new_args.append(new_arg)
        return tuple(new_args)

    def copy_with(self, args):
        return type(self)(self.__origin__, args, name=self._name,
                          inst=self._inst,
                          _paramspec_tvars=self._paramspec_tvars)

    def __repr__(self):
        if self._name:
            name = 'typing.' + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__:
            args = ', '.join([_type_repr(a) for a in self.__args__])
        else:
            args = '()'
        return '%s[%s]' % (name, args)

    def __mro_entries__(self, bases):
        if isinstance(self.__origin__, known._SpecialForm):
            raise TypeError('Cannot subclass %r' % (self,))
        if self._name:          # List[int] and friends
            return super().__mro_entries__(bases)
        if self.__origin__ is known.Generic:
            if known.Protocol in bases:
                return ()
            position = bases.index(self)
            for base in bases[position + 1:]:
                if isinstance(base, _BaseGenericAlias) and base is not self:
                    return ()
        return (self.__origin__,)


def _substitute(alias, args):
    if alias.__origin__ in (known.Generic, known.Protocol):
        raise TypeError('Cannot subscript already-subscripted %s' % (alias,))
    if not alias.__parameters__:
        raise TypeError('%s is not a generic class' % (alias,))
    if not isinstance(args, tuple):
        args = (args,)
    args = tuple([_type_convert(p) for p in args])
    return alias.copy_with(alias._determine_new_args(args))


_substitute_cached = _tp_cache(_substitute)


class _SpecialGenericAlias(_BaseGenericAlias, _root=True):
    """An unsubscripted generic: typing.List, typing.Dict, ..."""

    def __init__(self, origin, nparams, inst=True, name=None):
        if name is None:
            name = origin.__name__
        super().__init__(origin, inst=inst, name=name)
        self._nparams = nparams
        if origin.__module__ == 'builtins':
            self.__doc__ = 'A generic version of %s.' % (origin.__qualname__,)
        else:
            self.__doc__ = 'A generic version of %s.%s.' % (
                origin.__module__, origin.__qualname__)

    def __getitem__(self, params):
        return _special_getitem_cached(self, params)

    def copy_with(self, params):
        return _GenericAlias(self.__origin__, params, name=self._name,
                             inst=self._inst)

    def __repr__(self):
        return 'typing.' + self._name

    def __subclasscheck__(self, cls):
        if isinstance(cls, _SpecialGenericAlias):
            return issubclass(cls.__origin__, self.__origin__)
        if not isinstance(cls, _GenericAlias):
            return issubclass(cls, self.__origin__)
        return super().__subclasscheck__(cls)

    def __reduce__(self):
        return self._name

    def __or__(self, right):
        return known.Union[self, right]

    def __ror__(self, left):
        return known.Union[left, self]

    __iter__ = None


def _special_getitem(alias, params):
    if not isinstance(params, tuple):
        params = (params,)
    msg = 'Parameters to generic types must be types.'
    params = tuple([_type_check(p, msg) for p in params])
    _check_generic(alias, params, alias._nparams)
    return alias.copy_with(params)


_special_getitem_cached = _tp_cache(_special_getitem)


class _CallableGenericAlias(_GenericAlias, _root=True):
    """Callable[[int, str], bool]: __args__ is (int, str, bool)."""

    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and _is_param_expr(args[0]):
            return super().__repr__()
        return 'typing.Callable[[%s], %s]' % (
            ', '.join([_type_repr(a) for a in args[:-1]]),
            _type_repr(args[-1]))

    __iter__ = None


class _CallableType(_SpecialGenericAlias, _root=True):

    def copy_with(self, params):
        return _CallableGenericAlias(self.__origin__, params,
                                     name=self._name, inst=self._inst,
                                     _paramspec_tvars=True)

    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError('Callable must be used as '
                            'Callable[[arg, ...], result].')
        args, result = params
        if isinstance(args, list):
            params = (tuple(args), result)
        else:
            params = (args, result)
        return _callable_getitem_cached(self, params)


def _callable_getitem(alias, params):
    args, result = params
    result = _type_check(result, 'Callable[args, result]: result must be a '
                                 'type.')
    if args is Ellipsis:
        return alias.copy_with((_TypingEllipsis, result))
    if not isinstance(args, tuple):
        args = (args,)
    args = tuple([_type_convert(arg) for arg in args])
    return alias.copy_with(args + (result,))


_callable_getitem_cached = _tp_cache(_callable_getitem)


class _TupleType(_SpecialGenericAlias, _root=True):

    def __getitem__(self, params):
        return _tuple_getitem_cached(self, params)


def _tuple_getitem(alias, params):
    if not isinstance(params, tuple):
        params = (params,)
    if len(params) >= 2 and params[-1] is Ellipsis:
        msg = 'Tuple[t, ...]: t must be a type.'
        params = tuple([_type_check(p, msg) for p in params[:-1]])
        return alias.copy_with(params + (_TypingEllipsis,))
    msg = 'Tuple[t0, t1, ...]: each t must be a type.'
    params = tuple([_type_check(p, msg) for p in params])
    return alias.copy_with(params)


_tuple_getitem_cached = _tp_cache(_tuple_getitem)


class _UnionGenericAlias(_GenericAlias, _root=True):
    """Union[int, str]: order-insensitive equality; Optional[X] printing."""

    def copy_with(self, params):
        return known.Union[params]

    def __eq__(self, other):
        if not isinstance(other, _UnionGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[0] is type(None):
                return 'typing.Optional[%s]' % (_type_repr(args[1]),)
            if args[1] is type(None):
                return 'typing.Optional[%s]' % (_type_repr(args[0]),)
        return super().__repr__()

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        for arg in self.__args__:
            if issubclass(cls, arg):
                return True
        return False

    __iter__ = None


class _LiteralGenericAlias(_GenericAlias, _root=True):

    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set([(a, type(a)) for a in self.__args__]) == \
            set([(a, type(a)) for a in other.__args__])

    def __hash__(self):
        return hash(frozenset([(a, type(a)) for a in self.__args__]))


class _ConcatenateGenericAlias(_GenericAlias, _root=True):

    def copy_with(self, params):
        if isinstance(params[-1], (list, tuple)):
            return tuple(params[:-1]) + tuple(params[-1])
        if isinstance(params[-1], _ConcatenateGenericAlias):
            params = tuple(params[:-1]) + params[-1].__args__
        return super().copy_with(params)


class _UnpackGenericAlias(_GenericAlias, _root=True):

    def __repr__(self):
        return '*' + repr(self.__args__[0])


class _AnnotatedAlias(_GenericAlias, _root=True):
    """Annotated[T, x, ...]: T with metadata (nested ones merge)."""

    def __init__(self, origin, metadata):
        if isinstance(origin, _AnnotatedAlias):
            metadata = origin.__metadata__ + metadata
            origin = origin.__origin__
        super().__init__(origin, origin)
        self.__metadata__ = metadata

    def copy_with(self, params):
        return _AnnotatedAlias(params[0], self.__metadata__)

    def __repr__(self):
        return 'typing.Annotated[%s, %s]' % (
            _type_repr(self.__origin__),
            ', '.join([repr(a) for a in self.__metadata__]))

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return (self.__origin__ == other.__origin__
                and self.__metadata__ == other.__metadata__)

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))

    def __getattr__(self, attr):
        if attr in ('__name__', '__qualname__'):
            return 'Annotated'
        return super().__getattr__(attr)

    __iter__ = None


for _cls in (_BaseGenericAlias, _GenericAlias, _SpecialGenericAlias,
             _CallableGenericAlias, _CallableType, _TupleType,
             _UnionGenericAlias, _LiteralGenericAlias,
             _ConcatenateGenericAlias, _UnpackGenericAlias, _AnnotatedAlias):
    _cls.__module__ = 'typing'
    setattr(known, _cls.__name__, _cls)
del _cls
