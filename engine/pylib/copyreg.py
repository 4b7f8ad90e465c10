"""copyreg: the reduction helpers pickles name (__newobj__, __newobj_ex__,
_reconstructor) and the dispatch table pickle.Pickler consults."""

__all__ = ['pickle', 'constructor', 'add_extension', 'remove_extension', 'clear_extension_cache']

dispatch_table = {}


def pickle(ob_type, pickle_function, constructor_ob=None):
    if not callable(pickle_function):
        raise TypeError("reduction functions must be callable")
    dispatch_table[ob_type] = pickle_function
    if constructor_ob is not None:
        constructor(constructor_ob)


def constructor(object):
    if not callable(object):
        raise TypeError("constructors must be callable")


def _reconstructor(cls, base, state):
    """Protocols 0 and 1: make an instance of cls through its builtin base."""
    if base is object:
        obj = object.__new__(cls)
    else:
        obj = base.__new__(cls, state)
        if base.__init__ != object.__init__:
            base.__init__(obj, state)
    return obj


def __newobj__(cls, *args):
    return cls.__new__(cls, *args)


def __newobj_ex__(cls, args, kwargs):
    return cls.__new__(cls, *args, **kwargs)


_extension_registry = {}
_inverted_registry = {}
_extension_cache = {}


def add_extension(module, name, code):
    raise NotImplementedError("copyreg extension codes are not supported by backstep")


def remove_extension(module, name, code):
    raise ValueError("key %s is not registered with code %s" % ((module, name), code))


def clear_extension_cache():
    _extension_cache.clear()


def _own_attribute(cls, name):
    """cls's `name` when a class other than object defines it: what pickle
    and copy ask before calling a __reduce__/__getstate__/__setstate__ a
    class wrote itself (object's own are handled apart)."""
    for klass in cls.__mro__:
        if klass is object:
            return None
        if name in klass.__dict__:
            return klass.__dict__[name]
    return None
