"""Shallow and deep copy operations: copy(x) and deepcopy(x, memo).

Order of preference, as in CPython: immutable and atomic values are their
own copies; builtin containers are copied directly; a class may define
__copy__ / __deepcopy__ (or __reduce__).  Anything else is rebuilt through
its class -- cls.__new__(cls) (with __getnewargs__() for immutable bases),
then its state (__getstate__() or its __dict__), then its items if it
subclasses list, dict or set -- which is what CPython's __reduce_ex__(4)
path amounts to for classes written in Python.
"""

import types
from copyreg import _own_attribute as _own_method

__all__ = ['Error', 'copy', 'deepcopy']


class Error(Exception):
    pass


error = Error

# Values that are their own copies, shallow or deep.
_ATOMIC = {type(None), int, float, bool, str, type, range,
           types.BuiltinFunctionType, type(Ellipsis), type(NotImplemented),
           types.FunctionType, property}
# Additionally their own shallow copies (containers of possibly mutable
# things still need a deep copy).
_SHALLOW_SELF = _ATOMIC | {tuple, frozenset, slice}


def copy(x):
    """Shallow copy operation on arbitrary Python objects."""
    cls = type(x)
    if cls in _SHALLOW_SELF or issubclass(cls, type):
        return x
    if cls is list or cls is dict or cls is set:
        return x.copy()
    if cls is types.MethodType:
        return x
    copier = getattr(cls, '__copy__', None)
    if copier is not None:
        return copier(x)
    return _rebuild(x, None)


def deepcopy(x, memo=None, _nil=[]):
    """Deep copy operation on arbitrary Python objects; memo maps id() of
    objects already copied to their copies (shared and recursive
    structures are copied once)."""
    if memo is None:
        memo = {}
    key = id(x)
    y = memo.get(key, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _ATOMIC or issubclass(cls, type):
        return x
    copier = _DEEP_COPIERS.get(cls)
    if copier is not None:
        y = copier(x, memo)
    else:
        copier = getattr(x, '__deepcopy__', None)
        if copier is not None:
            y = copier(memo)
        else:
            y = _rebuild(x, memo)
    if y is not x:
        memo[key] = y
        _keep_alive(x, memo)
    return y


def _keep_alive(x, memo):
    """Hold x in the memo so that its id is not reused by another object
    while the memo (keyed by ids) is in use."""
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _deepcopy_list(x, memo):
    y = []
    memo[id(x)] = y
    append = y.append
    for item in x:
        append(deepcopy(item, memo))
    return y


def _deepcopy_tuple(x, memo):
    y = [deepcopy(item, memo) for item in x]
    # A tuple reachable from its own items was copied during the loop.
    try:
        return memo[id(x)]
    except KeyError:
        pass
    for original, copied in zip(x, y):
        if original is not copied:
            return tuple(y)
    return x


def _deepcopy_dict(x, memo):
    y = {}
    memo[id(x)] = y
    for key, value in x.items():
        y[deepcopy(key, memo)] = deepcopy(value, memo)
    return y


def _deepcopy_set(x, memo):
    return type(x)([deepcopy(item, memo) for item in x])


def _deepcopy_method(x, memo):
    return type(x)(x.__func__, deepcopy(x.__self__, memo))


_DEEP_COPIERS = {list: _deepcopy_list, tuple: _deepcopy_tuple,
                 dict: _deepcopy_dict, set: _deepcopy_set,
                 frozenset: _deepcopy_set, slice: lambda x, memo: x,
                 types.MethodType: _deepcopy_method}


# ---- rebuilding an instance through its class -------------------------------------


def _user_reduce(x, cls):
    reducer = _own_method(cls, '__reduce__')
    if reducer is None or cls.__module__ == 'builtins':
        return None
    return x.__reduce__()


def _rebuild(x, memo):
    """Copy x through its class (memo None: shallow)."""
    cls = type(x)
    reduced = _user_reduce(x, cls)
    if reduced is not None:
        if isinstance(reduced, str):
            return x
        return _reconstruct(x, memo, *reduced)
    if cls.__module__ == 'builtins':
        # A builtin type with no copy support here (generators, modules,
        # iterators...): CPython cannot pickle these either.
        raise TypeError("cannot pickle '%s' object" % cls.__name__)
    deep = memo is not None
    if isinstance(x, (set, frozenset)):
        # set.__reduce__ rebuilds by calling the class with the items.
        items = list(x)
        if deep:
            items = deepcopy(items, memo)
        y = cls(items)
    else:
        args = _new_arguments(x)
        if deep and args:
            args = deepcopy(args, memo)
        y = cls.__new__(cls, *args)
    if deep:
        memo[id(x)] = y
    _copy_state(x, y, memo)
    if isinstance(x, list):
        for item in x:
            y.append(deepcopy(item, memo) if deep else item)
    elif isinstance(x, dict):
        for key, value in x.items():
            if deep:
                key = deepcopy(key, memo)
                value = deepcopy(value, memo)
            y[key] = value
    return y


def _new_arguments(x):
    """What cls.__new__ needs besides cls: immutable builtin bases carry
    their value there."""
    getnewargs = getattr(x, '__getnewargs__', None)
    if getnewargs is not None:
        return tuple(getnewargs())
    for base in (tuple, int, float, str):
        if isinstance(x, base):
            return (base(x),)
    return ()


def _copy_state(x, y, memo):
    getstate = _own_method(type(x), '__getstate__')
    if getstate is not None:
        state = x.__getstate__()
    else:
        state = getattr(x, '__dict__', None)
    if not state:
        return
    if memo is not None:
        state = deepcopy(state, memo)
    setstate = getattr(y, '__setstate__', None)
    if setstate is not None and _own_method(type(y), '__setstate__'):
        setstate(state)
        return
    if isinstance(state, tuple) and len(state) == 2:
        state = state[0]            # (dict, slots) form of __getstate__
    if state:
        y.__dict__.update(state)


def _reconstruct(x, memo, func, args, state=None, listiter=None,
                 dictiter=None, *unused):
    """Apply a __reduce__ result: y = func(*args), then state, list items
    and dict items (deep-copied when memo is given)."""
    deep = memo is not None
    if deep and args:
        args = [deepcopy(arg, memo) for arg in args]
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        if hasattr(y, '__setstate__') and \
                _own_method(type(y), '__setstate__'):
            y.__setstate__(state)
        else:
            if isinstance(state, tuple) and len(state) == 2:
                state = state[0]
            if state:
                y.__dict__.update(state)
    if listiter is not None:
        for item in listiter:
            y.append(deepcopy(item, memo) if deep else item)
    if dictiter is not None:
        for key, value in dictiter:
            if deep:
                key = deepcopy(key, memo)
                value = deepcopy(value, memo)
            y[key] = value
    return y
