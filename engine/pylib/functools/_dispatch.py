"""singledispatch and singledispatchmethod: generic functions that choose an
implementation by the class of their first argument.

The choice walks the argument class's MRO, extended with the registered
abstract base classes the class satisfies (registered virtually or through
__subclasshook__), each placed where the class starts to satisfy it -- the
extended C3 linearisation CPython uses, so ties and ambiguities
(RuntimeError "Ambiguous dispatch") come out the same.
"""

import types
from abc import get_cache_token
from functools._wrapping import update_wrapper


def _c3_merge(sequences):
    """Standard C3 merge of linearisations (lists are consumed)."""
    result = []
    while True:
        sequences = [seq for seq in sequences if seq]
        if not sequences:
            return result
        candidate = None
        for seq in sequences:
            head = seq[0]
            if not any(head in other[1:] for other in sequences):
                candidate = head
                break
        if candidate is None:
            raise RuntimeError('Inconsistent hierarchy')
        result.append(candidate)
        for seq in sequences:
            if seq[0] == candidate:
                del seq[0]


def _last_explicit_abc_boundary(bases):
    """Bases up to and including the last one that is an ABC come first."""
    for position in range(len(bases), 0, -1):
        if hasattr(bases[position - 1], '__abstractmethods__'):
            return position
    return 0


def _c3_mro(cls, abcs):
    """cls's MRO with the ABCs in `abcs` (that cls satisfies) inserted right
    after the classes that introduce them."""
    bases = cls.__bases__
    boundary = _last_explicit_abc_boundary(bases)
    explicit = list(bases[:boundary])
    others = list(bases[boundary:])
    introduced = [abc for abc in abcs if issubclass(cls, abc) and
                  not any(issubclass(base, abc) for base in bases)]
    remaining = [abc for abc in abcs if abc not in introduced]
    groups = explicit + introduced + others
    return _c3_merge([[cls]] +
                     [_c3_mro(base, remaining) for base in groups] +
                     [explicit, introduced, others])


def _direct_subclasses(typ):
    # ABCMeta records the ABCs derived from each ABC; plain classes fall
    # back to type.__subclasses__ where the interpreter has it.
    data = typ.__dict__.get('_abc_impl')
    if data is not None:
        return list(data.subclasses)
    try:
        return typ.__subclasses__()
    except (AttributeError, TypeError):
        return []


def _compose_mro(cls, types):
    """cls.__mro__ extended with the relevant ABCs among `types`."""
    own = set(cls.__mro__)
    related = [t for t in types if t not in own and hasattr(t, '__mro__')
               and issubclass(cls, t)]
    # Drop types that are bases of other related types: those come in
    # with the more specific one.
    related = [t for t in related
               if not any(t is not other and t in other.__mro__
                          for other in related)]
    related_set = set(related)
    ordered = []
    for typ in related:
        chains = []
        for sub in _direct_subclasses(typ):
            if sub not in own and issubclass(cls, sub):
                chains.append([s for s in sub.__mro__ if s in related_set])
        if not chains:
            ordered.append(typ)
            continue
        chains.sort(key=len, reverse=True)
        for chain in chains:
            for member in chain:
                if member not in ordered:
                    ordered.append(member)
    return _c3_mro(cls, ordered)


def _find_impl(cls, registry):
    """The registered implementation that best matches cls."""
    match = None
    for typ in _compose_mro(cls, registry.keys()):
        if match is not None:
            # Two unrelated implicit ABCs matching equally: refuse to guess.
            if (typ in registry and typ not in cls.__mro__
                    and match not in cls.__mro__
                    and not issubclass(match, typ)):
                raise RuntimeError('Ambiguous dispatch: %s or %s'
                                   % (match, typ))
            break
        if typ in registry:
            match = typ
    return registry.get(match)


def _union_members(cls):
    """The classes of `int | str` or typing.Union[int, str], else None."""
    UnionType = getattr(types, 'UnionType', None)
    if UnionType is not None and isinstance(cls, UnionType):
        return cls.__args__
    try:
        from typing import get_origin, get_args, Union
    except ImportError:
        return None
    if get_origin(cls) is Union:
        return get_args(cls)
    return None


def _is_valid_dispatch_type(cls):
    if isinstance(cls, type):
        return True
    members = _union_members(cls)
    return members is not None and all(isinstance(m, type) for m in members)


def singledispatch(func):
    """Single-dispatch generic function decorator: the decorated function is
    the default, and fn.register(cls) adds implementations for other classes
    of the first argument."""
    registry = {}
    dispatch_cache = {}
    token = [None]     # ABC cache token the dispatch cache was built under

    def dispatch(cls):
        """generic_func.dispatch(cls) -> <function implementation>"""
        if token[0] is not None:
            current = get_cache_token()
            if token[0] != current:
                dispatch_cache.clear()
                token[0] = current
        try:
            return dispatch_cache[cls]
        except KeyError:
            pass
        impl = registry.get(cls)
        if impl is None:
            impl = _find_impl(cls, registry)
        dispatch_cache[cls] = impl
        return impl

    def register(cls, func=None):
        """generic_func.register(cls, func) -> func"""
        if _is_valid_dispatch_type(cls):
            if func is None:
                return lambda f: register(cls, f)
        else:
            if func is not None:
                raise TypeError('Invalid first argument to `register()`. '
                                '%r is not a class or union type.' % (cls,))
            func = cls
            cls = _annotated_dispatch_type(func)
        members = _union_members(cls)
        for member in (members if members is not None else (cls,)):
            registry[member] = func
        if token[0] is None and hasattr(cls, '__abstractmethods__'):
            token[0] = get_cache_token()
        dispatch_cache.clear()
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError('%s requires at least 1 positional argument'
                            % funcname)
        return dispatch(args[0].__class__)(*args, **kw)

    funcname = getattr(func, '__name__', 'singledispatch function')
    registry[object] = func
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = _read_only(registry)
    wrapper._clear_cache = dispatch_cache.clear
    update_wrapper(wrapper, func)
    return wrapper


def _read_only(mapping):
    try:
        return types.MappingProxyType(mapping)
    except TypeError:
        return mapping


def _annotated_dispatch_type(func):
    """The class annotated on func's first parameter (@f.register form)."""
    if not getattr(func, '__annotations__', None):
        raise TypeError('Invalid first argument to `register()`: %r. Use '
                        'either `@register(some_class)` or plain `@register` '
                        'on an annotated function.' % (func,))
    from typing import get_type_hints
    for argname, cls in get_type_hints(func).items():
        if not _is_valid_dispatch_type(cls):
            if _union_members(cls) is not None:
                raise TypeError('Invalid annotation for %r. %r not all '
                                'arguments are classes.' % (argname, cls))
            raise TypeError('Invalid annotation for %r. %r is not a class.'
                            % (argname, cls))
        return cls


class singledispatchmethod(object):
    """Single-dispatch generic method descriptor: dispatches on the first
    argument after self (or cls)."""

    def __init__(self, func):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError('%r is not callable or a descriptor' % (func,))
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        """Register a method implementation for cls."""
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        def _method(*args, **kwargs):
            method = self.dispatcher.dispatch(args[0].__class__)
            return method.__get__(obj, cls)(*args, **kwargs)

        _method.__isabstractmethod__ = self.__isabstractmethod__
        _method.register = self.register
        update_wrapper(_method, self.func)
        return _method

    @property
    def __isabstractmethod__(self):
        return getattr(self.func, '__isabstractmethod__', False)


singledispatchmethod.__module__ = 'functools'
