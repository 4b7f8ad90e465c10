"""Generic (user-defined generic classes), Protocol (structural base
classes, checked at run time when @runtime_checkable) and Annotated."""

import collections.abc
from abc import ABCMeta
from typing._base import (known, _type_convert, _type_check,
                          _collect_parameters, _check_generic,
                          _is_typevar_like, caller_module)
from typing._forms import _tp_cache


def _generic_class_getitem(cls, params):
    if not isinstance(params, tuple):
        params = (params,)
    params = tuple([_type_convert(p) for p in params])
    if cls in (Generic, known.Protocol):
        if not params:
            raise TypeError('Parameter list to %s[...] cannot be empty'
                            % (cls.__qualname__,))
        if not all([_is_typevar_like(p) for p in params]):
            raise TypeError('Parameters to %s[...] must all be type variables '
                            'or parameter specification variables.'
                            % (cls.__name__,))
        if len(set(params)) != len(params):
            raise TypeError('Parameters to %s[...] must all be unique'
                            % (cls.__name__,))
    else:
        for param in cls.__parameters__:
            prepare = getattr(param, '__typing_prepare_subst__', None)
            if prepare is not None:
                params = prepare(cls, params)
        _check_generic(cls, params, len(cls.__parameters__))
    return known._GenericAlias(cls, params, _paramspec_tvars=True)


_generic_class_getitem_cached = _tp_cache(_generic_class_getitem)


class Generic(object):
    """Abstract base class for generic types: class Box(Generic[T]) makes
    Box[int] meaningful."""

    _is_protocol = False

    def __class_getitem__(cls, params):
        return _generic_class_getitem_cached(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        tvars = []
        if '__orig_bases__' in cls.__dict__:
            error = Generic in cls.__orig_bases__
        else:
            error = (Generic in cls.__bases__ and cls.__name__ != 'Protocol'
                     and type(cls).__name__ != '_TypedDictMeta')
        if error:
            raise TypeError('Cannot inherit from plain Generic')
        if '__orig_bases__' in cls.__dict__:
            tvars = _collect_parameters(cls.__orig_bases__)
            gvars = _listed_in_generic(cls.__orig_bases__)
            if gvars is not None:
                missing = [t for t in tvars if t not in gvars]
                if missing:
                    raise TypeError(
                        'Some type variables (%s) are not listed in '
                        'Generic[%s]' % (', '.join([str(t) for t in missing]),
                                         ', '.join([str(g) for g in gvars])))
                tvars = gvars
        cls.__parameters__ = tuple(tvars)


def _listed_in_generic(orig_bases):
    """The parameters of the Generic[...] among the bases, or None."""
    gvars = None
    for base in orig_bases:
        if isinstance(base, known._GenericAlias) and \
                base.__origin__ is Generic:
            if gvars is not None:
                raise TypeError('Cannot inherit from Generic[...] multiple '
                                'types.')
            gvars = base.__parameters__
    return gvars


Generic.__module__ = 'typing'
known.Generic = Generic


# ---- Protocol -----------------------------------------------------------------------

_EXCLUDED_ATTRIBUTES = frozenset([
    '__parameters__', '__orig_bases__', '__orig_class__', '_is_protocol',
    '_is_runtime_protocol', '__abstractmethods__', '__annotations__',
    '__dict__', '__doc__', '__init__', '__module__', '__new__', '__slots__',
    '__subclasshook__', '__weakref__', '__class_getitem__', '__qualname__',
    '_MutableMapping__marker', '_abc_impl'])

_PROTO_ALLOWLIST = {
    'collections.abc': ['Callable', 'Awaitable', 'Iterable', 'Iterator',
                        'AsyncIterable', 'Hashable', 'Sized', 'Container',
                        'Collection', 'Reversible'],
    'contextlib': ['AbstractContextManager', 'AbstractAsyncContextManager'],
}


def _get_protocol_attrs(cls):
    """The members a protocol requires: names defined or annotated in
    its protocol classes."""
    attrs = set()
    for base in cls.__mro__[:-1]:
        if base.__name__ in ('Protocol', 'Generic'):
            continue
        annotations = base.__dict__.get('__annotations__', {})
        for attr in list(base.__dict__.keys()) + list(annotations.keys()):
            if not attr.startswith('_abc_') and \
                    attr not in _EXCLUDED_ATTRIBUTES:
                attrs.add(attr)
    return attrs


def _is_callable_members_only(cls):
    return all([callable(getattr(cls, attr, None))
                for attr in _get_protocol_attrs(cls)])


def _allow_reckless_class_checks(depth):
    """Checks made by abc or functools internals (not by the user) are
    allowed on protocols that are not runtime-checkable."""
    return caller_module(depth + 1) in ('abc', 'functools', None)


def _no_init_or_replace_init(self, *args, **kwargs):
    cls = type(self)
    if cls._is_protocol:
        raise TypeError('Protocols cannot be instantiated')
    # A concrete class inheriting this from a protocol: use the first real
    # __init__ up the MRO from now on.
    if cls.__init__ is not _no_init_or_replace_init:
        return
    for base in cls.__mro__:
        init = base.__dict__.get('__init__', _no_init_or_replace_init)
        if init is not _no_init_or_replace_init:
            cls.__init__ = init
            break
    else:
        cls.__init__ = object.__init__
    cls.__init__(self, *args, **kwargs)


class _ProtocolMeta(ABCMeta):

    def __instancecheck__(cls, instance):
        if (getattr(cls, '_is_protocol', False)
                and not getattr(cls, '_is_runtime_protocol', False)
                and not _allow_reckless_class_checks(1)):
            raise TypeError('Instance and class checks can only be used with '
                            '@runtime_checkable protocols')
        if ((not getattr(cls, '_is_protocol', False)
                or _is_callable_members_only(cls))
                and issubclass(instance.__class__, cls)):
            return True
        if cls._is_protocol:
            if all([hasattr(instance, attr) and
                    (not callable(getattr(cls, attr, None)) or
                     getattr(instance, attr) is not None)
                    for attr in _get_protocol_attrs(cls)]):
                return True
        return super().__instancecheck__(instance)


def _make_protocol_hook(cls):
    def _proto_hook(other):
        if not cls.__dict__.get('_is_protocol', False):
            return NotImplemented
        if not getattr(cls, '_is_runtime_protocol', False):
            if _allow_reckless_class_checks(2):
                return NotImplemented
            raise TypeError('Instance and class checks can only be used with '
                            '@runtime_checkable protocols')
        if not _is_callable_members_only(cls):
            if _allow_reckless_class_checks(2):
                return NotImplemented
            raise TypeError("Protocols with non-method members don't support "
                            "issubclass()")
        if not isinstance(other, type):
            raise TypeError('issubclass() arg 1 must be a class')
        for attr in _get_protocol_attrs(cls):
            if not _provides(other, attr):
                return NotImplemented
        return True
    return _proto_hook


def _provides(other, attr):
    for base in other.__mro__:
        if attr in base.__dict__:
            return base.__dict__[attr] is not None
        annotations = base.__dict__.get('__annotations__', {})
        if isinstance(annotations, collections.abc.Mapping) and \
                attr in annotations and issubclass(other, Generic) and \
                other._is_protocol:
            return True
    return False


class Protocol(Generic, metaclass=_ProtocolMeta):
    """Base class for protocol classes (structural subtyping)."""

    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if not cls.__dict__.get('_is_protocol', False):
            cls._is_protocol = any([b is Protocol for b in cls.__bases__])
        if '__subclasshook__' not in cls.__dict__:
            cls.__subclasshook__ = _make_protocol_hook(cls)
        if not cls._is_protocol:
            return
        for base in cls.__bases__:
            if not (base in (object, Generic)
                    or base.__name__ in _PROTO_ALLOWLIST.get(base.__module__,
                                                             ())
                    or (issubclass(base, Generic) and base._is_protocol)):
                raise TypeError('Protocols can only inherit from other '
                                'protocols, got %r' % (base,))
        if _init_owner(cls) is object:
            cls.__init__ = _no_init_or_replace_init


def _init_owner(cls):
    for klass in cls.__mro__:
        if '__init__' in klass.__dict__:
            return klass
    return object


_ProtocolMeta.__module__ = Protocol.__module__ = 'typing'
known.Protocol = Protocol


def runtime_checkable(cls):
    """Mark a protocol class as a runtime protocol, usable with isinstance()
    and issubclass()."""
    if not issubclass(cls, Generic) or not cls._is_protocol:
        raise TypeError('@runtime_checkable can be only applied to protocol '
                        'classes, got %r' % (cls,))
    cls._is_runtime_protocol = True
    return cls


# ---- Annotated ----------------------------------------------------------------------

def _annotated_getitem(cls, params):
    if not isinstance(params, tuple) or len(params) < 2:
        raise TypeError('Annotated[...] should be used with at least two '
                        'arguments (a type and an annotation).')
    origin = _type_check(params[0], 'Annotated[t, ...]: t must be a type.',
                         allow_special_forms=True)
    return known._AnnotatedAlias(origin, tuple(params[1:]))


_annotated_getitem_cached = _tp_cache(_annotated_getitem)


class Annotated(object):
    """Add context-specific metadata to a type: Annotated[int, 'meta']."""

    def __new__(cls, *args, **kwargs):
        raise TypeError('Type Annotated cannot be instantiated.')

    def __class_getitem__(cls, params):
        return _annotated_getitem_cached(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        raise TypeError('Cannot subclass %s.Annotated' % (cls.__module__,))


Annotated.__module__ = 'typing'
known.Annotated = Annotated
