"""Names for the interpreter's built-in types, SimpleNamespace, and the
class-creation helpers (new_class, resolve_bases, prepare_class).

The built-in types are obtained the way CPython's own types.py does: by
taking type() of an object of that kind.
"""

import sys

__all__ = ['FunctionType', 'LambdaType', 'MethodType', 'BuiltinFunctionType',
           'BuiltinMethodType', 'GeneratorType', 'ModuleType', 'NoneType',
           'NotImplementedType', 'EllipsisType', 'MappingProxyType',
           'SimpleNamespace', 'GenericAlias', 'DynamicClassAttribute',
           'new_class', 'resolve_bases', 'prepare_class']


def _function():
    pass


def _generator():
    yield 1


class _Sample(object):
    def method(self):
        pass


FunctionType = type(_function)
LambdaType = type(lambda: None)
# Calling MethodType(function, instance) binds the function to instance.
MethodType = type(_Sample().method)
BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
GeneratorType = type(_generator())
ModuleType = type(sys)
NoneType = type(None)
NotImplementedType = type(NotImplemented)
EllipsisType = type(Ellipsis)
MappingProxyType = type(type.__dict__)
WrapperDescriptorType = type(object.__init__)
MethodWrapperType = type(object().__str__)
MethodDescriptorType = type(str.join)
del _function, _generator, _Sample


class _PyMappingProxy(object):
    """A read-only view of a mapping (what an interpreter without a native
    mappingproxy gives for MappingProxyType(d))."""

    def __init__(self, mapping):
        if not hasattr(mapping, 'keys') or not hasattr(mapping,
                                                       '__getitem__') \
                or isinstance(mapping, (list, tuple)):
            raise TypeError('mappingproxy() argument must be a mapping, not '
                            + type(mapping).__name__)
        object.__setattr__(self, '_mapping', mapping)

    def __getitem__(self, key):
        return self._mapping[key]

    def __setitem__(self, key, value):
        raise TypeError("'mappingproxy' object does not support item "
                        "assignment")

    def __delitem__(self, key):
        raise TypeError("'mappingproxy' object does not support item "
                        "deletion")

    def __setattr__(self, name, value):
        raise AttributeError("'mappingproxy' object has no attribute '%s'"
                             % (name,))

    def __iter__(self):
        return iter(self._mapping)

    def __reversed__(self):
        return reversed(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, key):
        return key in self._mapping

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return self._mapping.copy()

    def __eq__(self, other):
        return self._mapping == other

    __hash__ = None

    def __or__(self, other):
        if isinstance(other, _PyMappingProxy):
            other = other._mapping
        return dict(self._mapping) | other

    def __ror__(self, other):
        return dict(other) | dict(self._mapping)

    def __repr__(self):
        return 'mappingproxy(%r)' % (self._mapping,)

    def __str__(self):
        return str(self._mapping)


_PyMappingProxy.__name__ = _PyMappingProxy.__qualname__ = 'mappingproxy'
_PyMappingProxy.__module__ = 'builtins'
if MappingProxyType is dict:
    MappingProxyType = _PyMappingProxy

# ---- parameterised builtins: list[int] -------------------------------------

def _type_repr(obj):
    """How an argument appears inside list[...]."""
    if obj is Ellipsis:
        return '...'
    if isinstance(obj, list):
        return '[' + ', '.join([_type_repr(a) for a in obj]) + ']'
    if isinstance(obj, type) and not isinstance(obj, _PyGenericAlias):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return obj.__module__ + '.' + obj.__qualname__
    return repr(obj)


class _PyGenericAlias(object):
    """What `list[int]` evaluates to, for interpreters without a native
    GenericAlias: remembers origin and arguments, prints as written, and
    calls through to the origin class."""

    def __init__(self, origin, args):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        params = []
        for arg in args:
            if hasattr(arg, '__typing_subst__') and arg not in params:
                params.append(arg)
        self.__parameters__ = tuple(params)

    def __repr__(self):
        if not self.__args__:
            args = '()'
        else:
            args = ', '.join([_type_repr(a) for a in self.__args__])
        return _type_repr(self.__origin__) + '[' + args + ']'

    def __call__(self, *args, **kwargs):
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except (AttributeError, TypeError):
            pass
        return result

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __eq__(self, other):
        if not isinstance(other, _PyGenericAlias):
            return NotImplemented
        return (self.__origin__ == other.__origin__
                and self.__args__ == other.__args__)

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __instancecheck__(self, obj):
        raise TypeError('isinstance() argument 2 cannot be a parameterized '
                        'generic')

    def __subclasscheck__(self, cls):
        raise TypeError('issubclass() argument 2 cannot be a parameterized '
                        'generic')

    def __getattr__(self, name):
        # Non-dunder attributes come from the origin, as CPython's does.
        if name.startswith('__') and name.endswith('__'):
            raise AttributeError(name)
        return getattr(self.__origin__, name)

    def __or__(self, other):
        return _union_or(self, other)

    def __ror__(self, other):
        return _union_or(other, self)


_PyGenericAlias.__name__ = _PyGenericAlias.__qualname__ = 'GenericAlias'
_PyGenericAlias.__module__ = 'types'


# ---- X | Y of classes (PEP 604) -----------------------------------------------

def _unionable(obj):
    return obj is None or isinstance(obj, (type, _PyGenericAlias,
                                           _PyUnionType))


def _union_or(left, right):
    """left | right for classes, None, parameterised builtins and unions:
    a union of the distinct members (a single one stands alone)."""
    if not (_unionable(left) and _unionable(right)):
        return NotImplemented
    args = []
    for side in (left, right):
        members = side.__args__ if isinstance(side, _PyUnionType) else (side,)
        for arg in members:
            if arg is None:
                arg = type(None)
            if arg not in args:
                args.append(arg)
    if len(args) == 1:
        return args[0]
    return _PyUnionType(tuple(args))


class _PyUnionType(object):
    """What `int | str` evaluates to: prints as written, compares as a set
    of members, and works with isinstance()/issubclass()."""

    def __init__(self, args):
        self.__args__ = args
        params = []
        for arg in args:
            for param in getattr(arg, '__parameters__', ()):
                if param not in params:
                    params.append(param)
            if hasattr(arg, '__typing_subst__') and arg not in params:
                params.append(arg)
        self.__parameters__ = tuple(params)

    def __repr__(self):
        return ' | '.join(['None' if arg is type(None) else _type_repr(arg)
                           for arg in self.__args__])

    def __eq__(self, other):
        if not isinstance(other, _PyUnionType):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __or__(self, other):
        return _union_or(self, other)

    def __ror__(self, other):
        return _union_or(other, self)

    def _plain_members(self, check):
        for arg in self.__args__:
            if isinstance(arg, _PyGenericAlias):
                raise TypeError(check + '() argument 2 cannot contain a '
                                'parameterized generic')
        return self.__args__

    def __instancecheck__(self, obj):
        return isinstance(obj, self._plain_members('isinstance'))

    def __subclasscheck__(self, cls):
        return issubclass(cls, self._plain_members('issubclass'))


_PyUnionType.__name__ = _PyUnionType.__qualname__ = 'UnionType'
_PyUnionType.__module__ = 'types'

try:
    GenericAlias = type(list[int])
except TypeError:
    GenericAlias = _PyGenericAlias
UnionType = type(int | str)


# ---- SimpleNamespace --------------------------------------------------------

_namespaces_being_printed = set()


class SimpleNamespace(object):
    """An object whose attributes are the keyword arguments it was made
    with; prints as namespace(a=1, b=2) and compares by attributes."""

    def __init__(self, *args, **kwargs):
        if args:
            raise TypeError('no positional arguments expected')
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __repr__(self):
        name = 'namespace' if type(self) is SimpleNamespace \
            else type(self).__name__
        key = id(self)
        if key in _namespaces_being_printed:
            return name + '(...)'
        _namespaces_being_printed.add(key)
        try:
            parts = ['%s=%r' % (k, v) for k, v in self.__dict__.items()]
        finally:
            _namespaces_being_printed.discard(key)
        return name + '(' + ', '.join(parts) + ')'

    def __eq__(self, other):
        if isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __hash__(self):
        raise TypeError("unhashable type: '%s'" % _type_name(self))

    def __getattr__(self, name):
        raise AttributeError("'%s' object has no attribute '%s'"
                             % (_type_name(self), name))

    def __delattr__(self, name):
        if name not in self.__dict__:
            raise AttributeError("'%s' object has no attribute '%s'"
                                 % (_type_name(self), name))
        del self.__dict__[name]


SimpleNamespace.__module__ = 'types'


def _type_name(obj):
    """CPython's C types report their dotted name in messages."""
    if type(obj) is SimpleNamespace:
        return 'types.SimpleNamespace'
    return type(obj).__name__


# ---- building classes programmatically ----------------------------------------

def resolve_bases(bases):
    """Replace bases that are not classes by their __mro_entries__ (PEP 560),
    as the class statement does."""
    new_bases = list(bases)
    changed = False
    shift = 0
    for i, base in enumerate(bases):
        if isinstance(base, type):
            continue
        if not hasattr(base, '__mro_entries__'):
            continue
        new_base = base.__mro_entries__(bases)
        changed = True
        if not isinstance(new_base, tuple):
            raise TypeError('__mro_entries__ must return a tuple')
        new_bases[i + shift:i + shift + 1] = new_base
        shift += len(new_base) - 1
    if not changed:
        return bases
    return tuple(new_bases)


def _calculate_meta(meta, bases):
    """The most derived metaclass among meta and the bases' metaclasses."""
    winner = meta
    for base in bases:
        base_meta = type(base)
        if issubclass(winner, base_meta):
            continue
        if issubclass(base_meta, winner):
            winner = base_meta
            continue
        raise TypeError('metaclass conflict: the metaclass of a derived class '
                        'must be a (non-strict) subclass of the metaclasses '
                        'of all its bases')
    return winner


def prepare_class(name, bases=(), kwds=None):
    """(metaclass, namespace, remaining keywords) for a class statement."""
    kwds = {} if kwds is None else dict(kwds)
    if 'metaclass' in kwds:
        meta = kwds.pop('metaclass')
    elif bases:
        meta = type(bases[0])
    else:
        meta = type
    if isinstance(meta, type):
        meta = _calculate_meta(meta, bases)
    prepare = getattr(meta, '__prepare__', None)
    ns = {} if prepare is None else prepare(name, bases, **kwds)
    return meta, ns, kwds


def new_class(name, bases=(), kwds=None, exec_body=None):
    """Create a class the way `class name(*bases, **kwds): body` would,
    with exec_body(namespace) standing for the body."""
    resolved = resolve_bases(bases)
    meta, ns, kwds = prepare_class(name, resolved, kwds)
    if exec_body is not None:
        exec_body(ns)
    if resolved is not bases:
        ns['__orig_bases__'] = bases
    return meta(name, resolved, ns, **kwds)


class DynamicClassAttribute(object):
    """A property on instances that is invisible on the class (so that the
    class's __getattr__ can answer instead); enum uses it for name/value."""

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.fget = fget
        self.fset = fset
        self.fdel = fdel
        self.__doc__ = doc if doc is not None else getattr(fget, '__doc__',
                                                           None)
        self.overwrite_doc = doc is None
        self.__isabstractmethod__ = bool(
            getattr(fget, '__isabstractmethod__', False))

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            if self.__isabstractmethod__:
                return self
            raise AttributeError()
        if self.fget is None:
            raise AttributeError('unreadable attribute')
        return self.fget(instance)

    def __set__(self, instance, value):
        if self.fset is None:
            raise AttributeError("can't set attribute")
        self.fset(instance, value)

    def __delete__(self, instance):
        if self.fdel is None:
            raise AttributeError("can't delete attribute")
        self.fdel(instance)

    def getter(self, fget):
        fdoc = fget.__doc__ if self.overwrite_doc else None
        result = type(self)(fget, self.fset, self.fdel, fdoc or self.__doc__)
        result.overwrite_doc = self.overwrite_doc
        return result

    def setter(self, fset):
        result = type(self)(self.fget, fset, self.fdel, self.__doc__)
        result.overwrite_doc = self.overwrite_doc
        return result

    def deleter(self, fdel):
        result = type(self)(self.fget, self.fset, fdel, self.__doc__)
        result.overwrite_doc = self.overwrite_doc
        return result
