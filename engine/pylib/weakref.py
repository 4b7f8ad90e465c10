"""Weak references (CPython's weakref module): ref and proxy come from the
interpreter (_weakref); the containers and finalize are built on them here.
A container's entries go away when their object is freed: each stored weak
reference has a callback that removes it (docs/weakref.md)."""

from _weakref import (ref, proxy, getweakrefcount, getweakrefs,
                      ReferenceType, ProxyType, CallableProxyType)

ProxyTypes = (ProxyType, CallableProxyType)

__all__ = ["ref", "proxy", "getweakrefcount", "getweakrefs",
           "WeakKeyDictionary", "ReferenceType", "ProxyType",
           "CallableProxyType", "ProxyTypes", "WeakValueDictionary",
           "WeakSet", "WeakMethod", "finalize"]


class WeakMethod:
    """A weak reference to a bound method: alive while both the object and
    the function are."""

    def __init__(self, meth, callback=None):
        try:
            obj = meth.__self__
            func = meth.__func__
        except AttributeError:
            raise TypeError("argument should be a bound method, not {}"
                            .format(type(meth))) from None
        selfref = ref(self)

        def _cb(arg):
            me = selfref()
            if me is not None and not me._dead:
                me._dead = True
                if me._callback is not None:
                    me._callback(me)
        self._obj_ref = ref(obj, _cb)
        self._func_ref = ref(func, _cb)
        self._meth_type = type(meth)
        self._callback = callback
        self._dead = False

    def __call__(self):
        obj = self._obj_ref()
        func = self._func_ref()
        if obj is None or func is None:
            return None
        return self._meth_type(func, obj)

    def __eq__(self, other):
        if isinstance(other, WeakMethod):
            if self._dead or other._dead:
                return self is other
            return self._obj_ref == other._obj_ref and self._func_ref == other._func_ref
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return hash((self._obj_ref, self._func_ref))


def _remover(container, key_of):
    """A callback that removes a dead weakref's entry from `container`
    (held weakly, so the entries do not keep their container alive)."""
    cref = ref(container)

    def remove(wr):
        c = cref()
        if c is not None:
            c._remove_dead(key_of(wr), wr)
    return remove


class WeakValueDictionary:
    """A mapping whose values are held weakly: an entry goes when its value
    is freed."""

    def __init__(self, other=(), /, **kw):
        self.data = {}
        keys = self._keys = {}  # id(weakref) -> key, for the removal callback
        self._remove = _remover(self, lambda wr: keys.pop(id(wr), None))
        self.update(other, **kw)

    def _remove_dead(self, key, wr):
        if key is not None and self.data.get(key) is wr:
            del self.data[key]

    def __getitem__(self, key):
        o = self.data[key]()
        if o is None:
            raise KeyError(key)
        return o

    def __setitem__(self, key, value):
        old = self.data.get(key)
        if old is not None:
            self._keys.pop(id(old), None)
        wr = ref(value, self._remove)
        self._keys[id(wr)] = key
        self.data[key] = wr

    def __delitem__(self, key):
        wr = self.data.pop(key)
        self._keys.pop(id(wr), None)

    def __contains__(self, key):
        wr = self.data.get(key)
        return wr is not None and wr() is not None

    def __len__(self):
        return sum(1 for wr in self.data.values() if wr() is not None)

    def __iter__(self):
        for k, wr in list(self.data.items()):
            if wr() is not None:
                yield k

    def __repr__(self):
        return "<%s at %#x>" % (self.__class__.__name__, id(self))

    def keys(self):
        return list(iter(self))

    def values(self):
        return [v for v in (wr() for wr in list(self.data.values())) if v is not None]

    def items(self):
        out = []
        for k, wr in list(self.data.items()):
            v = wr()
            if v is not None:
                out.append((k, v))
        return out

    def valuerefs(self):
        return list(self.data.values())

    def itervaluerefs(self):
        return iter(list(self.data.values()))

    def get(self, key, default=None):
        wr = self.data.get(key)
        if wr is None:
            return default
        o = wr()
        return default if o is None else o

    def pop(self, key, *args):
        wr = self.data.pop(key, None)
        o = None if wr is None else wr()
        if wr is not None:
            self._keys.pop(id(wr), None)
        if o is None:
            if args:
                return args[0]
            raise KeyError(key)
        return o

    def popitem(self):
        while True:
            key, wr = self.data.popitem()
            self._keys.pop(id(wr), None)
            o = wr()
            if o is not None:
                return key, o

    def setdefault(self, key, default=None):
        o = self.get(key)
        if o is None:
            self[key] = default
            return default
        return o

    def update(self, other=None, /, **kwargs):
        if other is not None:
            if hasattr(other, "items"):
                other = other.items()
            for k, v in other:
                self[k] = v
        for k, v in kwargs.items():
            self[k] = v

    def clear(self):
        self.data.clear()
        self._keys.clear()

    def copy(self):
        return WeakValueDictionary(self.items())

    __copy__ = copy


class WeakKeyDictionary:
    """A mapping whose keys are held weakly: an entry goes when its key is
    freed."""

    def __init__(self, dict=None):
        self.data = {}
        self._remove = _remover(self, lambda wr: wr)
        if dict is not None:
            self.update(dict)

    def _remove_dead(self, key, wr):
        try:
            del self.data[wr]
        except KeyError:
            pass

    def __getitem__(self, key):
        return self.data[ref(key)]

    def __setitem__(self, key, value):
        self.data[ref(key, self._remove)] = value

    def __delitem__(self, key):
        del self.data[ref(key)]

    def __contains__(self, key):
        try:
            wr = ref(key)
        except TypeError:
            return False
        return wr in self.data

    def __len__(self):
        return sum(1 for wr in self.data if wr() is not None)

    def __iter__(self):
        for wr in list(self.data):
            o = wr()
            if o is not None:
                yield o

    def __repr__(self):
        return "<%s at %#x>" % (self.__class__.__name__, id(self))

    def keys(self):
        return list(iter(self))

    def values(self):
        return [v for wr, v in list(self.data.items()) if wr() is not None]

    def items(self):
        out = []
        for wr, v in list(self.data.items()):
            o = wr()
            if o is not None:
                out.append((o, v))
        return out

    def keyrefs(self):
        return list(self.data)

    def get(self, key, default=None):
        return self.data.get(ref(key), default)

    def pop(self, key, *args):
        return self.data.pop(ref(key), *args)

    def setdefault(self, key, default=None):
        return self.data.setdefault(ref(key, self._remove), default)

    def update(self, dict=None, /, **kwargs):
        if dict is not None:
            if hasattr(dict, "items"):
                dict = dict.items()
            for k, v in dict:
                self[k] = v
        for k, v in kwargs.items():
            self[k] = v

    def clear(self):
        self.data.clear()

    def copy(self):
        return WeakKeyDictionary(self.items())

    __copy__ = copy


class WeakSet:
    """A set whose members are held weakly."""

    def __init__(self, data=None):
        self.data = set()
        self._remove = _remover(self, lambda wr: wr)
        if data is not None:
            self.update(data)

    def _remove_dead(self, key, wr):
        self.data.discard(wr)

    def __iter__(self):
        for wr in list(self.data):
            o = wr()
            if o is not None:
                yield o

    def __len__(self):
        return sum(1 for wr in self.data if wr() is not None)

    def __contains__(self, item):
        try:
            wr = ref(item)
        except TypeError:
            return False
        return wr in self.data

    def __repr__(self):
        return "{%s}" % ", ".join(repr(o) for o in self) if len(self) else "WeakSet()"

    def add(self, item):
        self.data.add(ref(item, self._remove))

    def discard(self, item):
        self.data.discard(ref(item))

    def remove(self, item):
        self.data.remove(ref(item))

    def pop(self):
        while True:
            o = self.data.pop()()
            if o is not None:
                return o

    def clear(self):
        self.data.clear()

    def update(self, other):
        for o in other:
            self.add(o)

    def copy(self):
        return WeakSet(self)

    __copy__ = copy


class finalize:
    """finalize(obj, func, *args, **kwargs): calls func(*args, **kwargs)
    once, when obj is freed, when the finalize object is called, or at exit
    (if its atexit attribute is true)."""

    _registry = {}
    _shutdown = False
    _counter = [0]

    def __init__(self, obj, func, /, *args, **kwargs):
        finalize._counter[0] += 1
        self._info = (ref(obj, self), func, args, kwargs or None, finalize._counter[0])
        self._atexit = True
        finalize._registry[self] = self._info

    def __call__(self, _=None):
        info = self._registry.pop(self, None)
        if info and not self._shutdown:
            return info[1](*info[2], **(info[3] or {}))

    def detach(self):
        info = self._registry.get(self)
        obj = info and info[0]()
        if obj is not None and self._registry.pop(self, None):
            return (obj, info[1], info[2], info[3] or {})

    def peek(self):
        info = self._registry.get(self)
        obj = info and info[0]()
        if obj is not None:
            return (obj, info[1], info[2], info[3] or {})

    @property
    def alive(self):
        return self in self._registry

    @property
    def atexit(self):
        return self._atexit

    @atexit.setter
    def atexit(self, value):
        self._atexit = bool(value)

    def __repr__(self):
        info = self._registry.get(self)
        obj = info and info[0]()
        if obj is None:
            return "<%s object at %#x; dead>" % (type(self).__name__, id(self))
        return "<%s object at %#x; for %r at %#x>" % (
            type(self).__name__, id(self), type(obj).__name__, id(obj))

    @classmethod
    def _exitfunc(cls):
        # At exit: the finalizers still pending whose atexit is true, the
        # newest first (the interpreter calls this before it clears modules).
        pending = sorted((f for f in cls._registry if f._atexit),
                         key=lambda f: f._info[4])
        while pending:
            f = pending.pop()
            try:
                f()
            except Exception:
                import sys
                sys.excepthook(*sys.exc_info())
        finalize._shutdown = True
