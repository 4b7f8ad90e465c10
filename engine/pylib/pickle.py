"""pickle: dumps/loads/dump/load with CPython 3.11's bytes for protocols 0-5.

The pickler writes the opcodes CPython's C pickler (_pickle) writes for the
same objects, byte for byte: None/bools, ints (text, BININT*, LONG1/4),
floats, str, bytes, bytearray, tuples, lists, dicts, sets, frozensets,
classes and functions by reference, and instances of script classes through
their __reduce_ex__/__reduce__ or the default object reduction (copyreg's
__newobj__ for protocol 2+, _reconstructor below), with the memo that makes
shared and recursive structures load shared.  Protocol 4+ wraps opcodes in
64 KiB frames.  The unpickler reads every opcode of protocols 0-5 and
reports corrupt data as CPython does (UnpicklingError, EOFError, ...).

torch.save keeps its own C++ pickler (engine/api/serialization_pickler.cpp):
it writes tensors as persistent storages, which this module never sees.
"""

import sys
import copyreg
import _codecs
from _pickle_ops import *
from _pickle_ops import _Framer, _int_bytes, _float_be, _raw_unicode_escape, _TUPLE_N
from copyreg import _own_attribute as _own

__all__ = ['PickleError', 'PicklingError', 'UnpicklingError', 'Pickler', 'Unpickler',
           'dump', 'dumps', 'load', 'loads', 'HIGHEST_PROTOCOL', 'DEFAULT_PROTOCOL',
           'PickleBuffer']

HIGHEST_PROTOCOL = 5
DEFAULT_PROTOCOL = 4


class PickleBuffer:
    def __init__(self, buffer):
        self._buffer = buffer

    def raw(self):
        return memoryview(bytes(self._buffer))

    def release(self):
        pass


# Protocols 0-2 name Python 2's modules and builtins (CPython's
# _compat_pickle REVERSE_*_MAPPING, the entries a script can reach).
_PY2_NAMES = {('builtins', 'int'): ('__builtin__', 'long'), ('builtins', 'str'): ('__builtin__', 'unicode'),
              ('builtins', 'range'): ('__builtin__', 'xrange'), ('builtins', 'chr'): ('__builtin__', 'unichr'),
              ('builtins', 'zip'): ('itertools', 'izip'), ('builtins', 'map'): ('itertools', 'imap'),
              ('builtins', 'filter'): ('itertools', 'ifilter'), ('functools', 'reduce'): ('__builtin__', 'reduce'),
              ('sys', 'intern'): ('__builtin__', 'intern'), ('collections', 'UserDict'): ('UserDict', 'IterableUserDict'),
              ('collections', 'UserList'): ('UserList', 'UserList'), ('collections', 'defaultdict'): ('collections', 'defaultdict')}
_PY2_MODULES = {'builtins': '__builtin__', 'copyreg': 'copy_reg', 'queue': 'Queue', 'reprlib': 'repr',
                '_codecs': '_codecs'}
_BATCH = 1000


def _whichmodule(obj):
    module = getattr(obj, '__module__', None)
    return 'builtins' if module is None else module


def _lookup(module_name, qualname):
    __import__(module_name)
    obj = sys.modules[module_name]
    for part in qualname.split('.'):
        obj = getattr(obj, part)
    return obj


def _default_state(obj):
    """object.__getstate__() of CPython 3.11: the __dict__ when it is not
    empty, with a dict of set __slots__ beside it."""
    d = getattr(obj, '__dict__', None)
    state = d if d else None
    slots = {}
    for klass in type(obj).__mro__:
        for name in klass.__dict__.get('__slots__', ()):
            if name in ('__dict__', '__weakref__'):
                continue
            if hasattr(obj, name):
                slots[name] = getattr(obj, name)
    if slots:
        return (state, slots)
    return state


def _builtin_base(cls):
    for klass in cls.__mro__:
        if klass.__module__ == 'builtins':
            return klass
    return object


def _reduce(obj, proto):
    """What obj.__reduce_ex__(proto) gives in CPython for a script class."""
    cls = type(obj)
    reduce_ex = _own(cls, '__reduce_ex__')
    if reduce_ex is not None:
        return obj.__reduce_ex__(proto)
    if _own(cls, '__reduce__') is not None:
        return obj.__reduce__()
    getstate = _own(cls, '__getstate__')
    base = _builtin_base(cls)
    if proto < 2 and getstate is None and getattr(obj, '__slots__', None):
        raise TypeError("a class that defines __slots__ without defining __getstate__ cannot be pickled")
    state = obj.__getstate__() if getstate is not None else _default_state(obj)
    if proto < 2:
        if base is object:
            return (copyreg._reconstructor, (cls, object, None), state)
        return (copyreg._reconstructor, (cls, base, base(obj)), state)
    getnewargs = _own(cls, '__getnewargs__')
    if getnewargs is not None:
        args = tuple(obj.__getnewargs__())
    elif base in (int, float, str, bytes, tuple, complex, frozenset):
        args = (base(obj),)
    else:
        args = ()
    listitems = iter(obj) if isinstance(obj, list) else None
    dictitems = iter(obj.items()) if isinstance(obj, dict) else None
    return (copyreg.__newobj__, (cls,) + args, state, listitems, dictitems)


class Pickler:
    def __init__(self, file, protocol=None, *, fix_imports=True, buffer_callback=None):
        if protocol is None:
            protocol = DEFAULT_PROTOCOL
        if protocol < 0:
            protocol = HIGHEST_PROTOCOL
        elif protocol > HIGHEST_PROTOCOL:
            raise ValueError("pickle protocol must be <= %d" % HIGHEST_PROTOCOL)
        if not hasattr(file, 'write'):
            raise TypeError("file must have a 'write' attribute")
        self._file = file
        self.proto = protocol
        self.bin = protocol >= 1
        self.fix_imports = fix_imports and protocol < 3
        self.memo = {}
        self._keep = []

    def clear_memo(self):
        self.memo.clear()

    def dump(self, obj):
        out = _Framer(self.proto >= 4)
        self._out = out
        if self.proto >= 2:
            out.write(PROTO + bytes([self.proto]))
            out.start()
        self.save(obj)
        out.write(STOP)
        self._file.write(out.finish())
        self._keep = []

    # --- the memo (Note: keyed by id(), the objects kept alive meanwhile)
    def _memoize(self, obj):
        idx = len(self.memo)
        self.memo[id(obj)] = idx
        self._keep.append(obj)
        self._out.write(self._put(idx))

    def _put(self, idx):
        if self.proto >= 4:
            return MEMOIZE
        if not self.bin:
            return PUT + str(idx).encode('ascii') + b'\n'
        if idx < 256:
            return BINPUT + bytes([idx])
        return LONG_BINPUT + idx.to_bytes(4, 'little')

    def _get(self, idx):
        if not self.bin:
            return GET + str(idx).encode('ascii') + b'\n'
        if idx < 256:
            return BINGET + bytes([idx])
        return LONG_BINGET + idx.to_bytes(4, 'little')

    def save(self, obj):
        self._out.boundary()
        w = self._out.write
        if obj is None:
            return w(NONE)
        t = type(obj)
        if t is bool:
            if self.proto >= 2:
                return w(NEWTRUE if obj else NEWFALSE)
            return w(b'I01\n' if obj else b'I00\n')
        if t is int:
            return self._save_int(obj)
        if t is float:
            if self.bin:
                return w(BINFLOAT + _float_be(obj))
            return w(FLOAT + repr(obj).encode('ascii') + b'\n')
        idx = self.memo.get(id(obj))
        if idx is not None:
            return w(self._get(idx))
        if t is str:
            return self._save_str(obj)
        if t is bytes:
            return self._save_bytes(obj)
        if t is bytearray:
            return self._save_bytearray(obj)
        if t is tuple:
            return self._save_tuple(obj)
        if t is list:
            return self._save_list(obj)
        if t is dict:
            return self._save_dict(obj)
        if t is set and self.proto >= 4:
            return self._save_set(obj)
        if t is frozenset and self.proto >= 4:
            return self._save_frozenset(obj)
        if t is set or t is frozenset:
            return self._save_reduce(obj, t, (list(obj),))
        if isinstance(obj, type) or t.__name__ in ('function', 'builtin_function_or_method'):
            return self._save_global(obj)
        reducer = copyreg.dispatch_table.get(t)
        if reducer is not None:
            rv = reducer(obj)
        elif t.__module__ == 'builtins' and _own(t, '__reduce__') is None and _own(t, '__reduce_ex__') is None:
            raise TypeError("cannot pickle '%s' object" % t.__name__)
        else:
            rv = _reduce(obj, self.proto)
        if isinstance(rv, str):
            return self._save_global(obj, rv)
        if not isinstance(rv, tuple):
            raise PicklingError("__reduce__ must return a string or tuple")
        if not 2 <= len(rv) <= 6:
            raise PicklingError("tuple returned by __reduce__ must contain 2 through 6 elements")
        self._save_reduce(obj, *rv)

    def _save_int(self, obj):
        w = self._out.write
        if -0x80000000 <= obj <= 0x7fffffff:
            if not self.bin:
                return w(INT + str(obj).encode('ascii') + b'\n')
            if 0 <= obj < 256:
                return w(BININT1 + bytes([obj]))
            if 0 <= obj < 65536:
                return w(BININT2 + obj.to_bytes(2, 'little'))
            return w(BININT + obj.to_bytes(4, 'little', signed=True))
        if self.proto >= 2:
            data = _int_bytes(obj)
            if len(data) < 256:
                return w(LONG1 + bytes([len(data)]) + data)
            return w(LONG4 + len(data).to_bytes(4, 'little', signed=True) + data)
        w(LONG + repr(obj).encode('ascii') + b'L\n')

    def _save_str(self, obj):
        if not self.bin:
            self._out.write(UNICODE + _raw_unicode_escape(obj) + b'\n')
        else:
            data = obj.encode('utf-8', 'surrogatepass')
            n = len(data)
            if n < 256 and self.proto >= 4:
                self._out.write(SHORT_BINUNICODE + bytes([n]), data)
            elif n > 0xffffffff and self.proto >= 4:
                self._out.write_large(BINUNICODE8 + n.to_bytes(8, 'little'), data)
            else:
                self._out.write_large(BINUNICODE + n.to_bytes(4, 'little'), data)
        self._memoize(obj)

    def _save_bytes(self, obj):
        if self.proto < 3:
            if not obj:
                return self._save_reduce(obj, bytes, ())
            return self._save_reduce(obj, _codecs.encode, (obj.decode('latin-1'), 'latin1'))
        n = len(obj)
        if n < 256:
            self._out.write(SHORT_BINBYTES + bytes([n]), obj)
        elif n > 0xffffffff and self.proto >= 4:
            self._out.write_large(BINBYTES8 + n.to_bytes(8, 'little'), obj)
        else:
            self._out.write_large(BINBYTES + n.to_bytes(4, 'little'), obj)
        self._memoize(obj)

    def _save_bytearray(self, obj):
        if self.proto < 5:
            if not obj:
                return self._save_reduce(obj, bytearray, ())
            return self._save_reduce(obj, bytearray, (bytes(obj),))
        self._out.write_large(BYTEARRAY8 + len(obj).to_bytes(8, 'little'), bytes(obj))
        self._memoize(obj)

    def _save_tuple(self, obj):
        w = self._out.write
        n = len(obj)
        if n == 0:
            return w(EMPTY_TUPLE if self.bin else MARK + TUPLE)
        if n <= 3 and self.proto >= 2:
            for item in obj:
                self.save(item)
            idx = self.memo.get(id(obj))
            if idx is not None:  # the tuple was reached from inside itself
                return w(POP * n + self._get(idx))
            w(_TUPLE_N[n])
        else:
            w(MARK)
            for item in obj:
                self.save(item)
            idx = self.memo.get(id(obj))
            if idx is not None:
                return w((POP_MARK if self.bin else POP * (n + 1)) + self._get(idx))
            w(TUPLE)
        self._memoize(obj)

    def _save_list(self, obj):
        self._out.write(EMPTY_LIST if self.bin else MARK + LIST)
        self._memoize(obj)
        self._appends(iter(obj))

    def _appends(self, items):
        w = self._out.write
        if not self.bin:
            for x in items:
                self.save(x)
                w(APPEND)
            return
        while True:
            batch = []
            for x in items:
                batch.append(x)
                if len(batch) == _BATCH:
                    break
            if len(batch) > 1:
                w(MARK)
                for x in batch:
                    self.save(x)
                w(APPENDS)
            elif batch:
                self.save(batch[0])
                w(APPEND)
            if len(batch) < _BATCH:
                return

    def _save_dict(self, obj):
        self._out.write(EMPTY_DICT if self.bin else MARK + DICT)
        self._memoize(obj)
        self._setitems(iter(obj.items()))

    def _setitems(self, items):
        w = self._out.write
        if not self.bin:
            for k, v in items:
                self.save(k)
                self.save(v)
                w(SETITEM)
            return
        while True:
            batch = []
            for kv in items:
                batch.append(kv)
                if len(batch) == _BATCH:
                    break
            if len(batch) > 1:
                w(MARK)
                for k, v in batch:
                    self.save(k)
                    self.save(v)
                w(SETITEMS)
            elif batch:
                self.save(batch[0][0])
                self.save(batch[0][1])
                w(SETITEM)
            if len(batch) < _BATCH:
                return

    def _save_set(self, obj):
        w = self._out.write
        w(EMPTY_SET)
        self._memoize(obj)
        items = list(obj)
        for start in range(0, len(items), _BATCH):
            w(MARK)
            for x in items[start:start + _BATCH]:
                self.save(x)
            w(ADDITEMS)

    def _save_frozenset(self, obj):
        w = self._out.write
        w(MARK)
        for x in obj:
            self.save(x)
        idx = self.memo.get(id(obj))
        if idx is not None:
            return w(POP_MARK + self._get(idx))
        w(FROZENSET)
        self._memoize(obj)

    def _save_global(self, obj, name=None):
        w = self._out.write
        if name is None:
            name = getattr(obj, '__qualname__', None) or obj.__name__
        module = _whichmodule(obj)
        if '<locals>' in name.split('.'):
            raise AttributeError("Can't pickle local object %r" % name)
        try:
            found = _lookup(module, name)
        except (ImportError, KeyError, AttributeError):
            raise PicklingError("Can't pickle %r: attribute lookup %s on %s failed" % (obj, name, module)) from None
        if found is not obj:
            raise PicklingError("Can't pickle %r: it's not the same object as %s.%s" % (obj, module, name))
        if self.proto >= 4:
            self.save(module)
            self.save(name)
            w(STACK_GLOBAL)
        else:
            if '.' in name:
                raise PicklingError("Can't pickle %r: nested names need protocol 4" % (obj,))
            if self.fix_imports:
                module, name = _PY2_NAMES.get((module, name), (module, name))
                module = _PY2_MODULES.get(module, module)
            w(GLOBAL + module.encode('utf-8') + b'\n' + name.encode('utf-8') + b'\n')
        self._memoize(obj)

    def _save_reduce(self, obj, func, args, state=None, listitems=None, dictitems=None, state_setter=None):
        w = self._out.write
        if not callable(func):
            raise PicklingError("first item of the tuple returned by __reduce__ must be callable")
        if not isinstance(args, tuple):
            raise PicklingError("second item of the tuple returned by __reduce__ must be a tuple")
        if self.proto >= 2 and getattr(func, '__name__', '') == '__newobj__':
            cls = args[0]
            if not hasattr(cls, '__new__'):
                raise PicklingError("args[0] from __newobj__ args has no __new__")
            self.save(cls)
            self.save(args[1:])
            w(NEWOBJ)
        else:
            self.save(func)
            self.save(args)
            w(REDUCE)
        if id(obj) in self.memo:  # reached again while saving its arguments
            w(POP + self._get(self.memo[id(obj)]))
        else:
            self._memoize(obj)
        if listitems is not None:
            self._appends(listitems)
        if dictitems is not None:
            self._setitems(dictitems)
        if state is not None:
            if state_setter is None:
                self.save(state)
                w(BUILD)
            else:
                self.save(state_setter)
                self.save(obj)
                self.save(state)
                w(TUPLE2 + REDUCE + POP)


class _BytesSink:
    data = b''

    def write(self, data):
        self.data = data


def dump(obj, file, protocol=None, *, fix_imports=True, buffer_callback=None):
    Pickler(file, protocol, fix_imports=fix_imports).dump(obj)


def dumps(obj, protocol=None, *, fix_imports=True, buffer_callback=None):
    sink = _BytesSink()
    Pickler(sink, protocol, fix_imports=fix_imports).dump(obj)
    return sink.data


from _pickle_load import Unpickler, load, loads  # noqa: E402
