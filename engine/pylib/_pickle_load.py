"""pickle's Unpickler, load and loads: reads every opcode of protocols 0-5.

Corrupt data is an exception with CPython's message, never a crash:
EOFError('Ran out of input') where an opcode should start, UnpicklingError
for a truncated operand, an unknown opcode, a missing MARK or memo entry,
or a stack that runs out.  The stack is a list; MARK positions are kept
beside it, as CPython's C unpickler does, so popping below the last MARK
says 'unexpected MARK found'.
"""

import sys
import struct
import _codecs
from _pickle_ops import *
from _pickle_ops import _BytesReader
from _pickle_text import _text, _op_int, _op_long, _op_float, _decode_py2, _op_string, _op_unicode
from copyreg import _own_attribute as _own

_PY3_NAMES = {('__builtin__', 'long'): ('builtins', 'int'), ('__builtin__', 'unicode'): ('builtins', 'str'),
              ('__builtin__', 'xrange'): ('builtins', 'range'), ('__builtin__', 'unichr'): ('builtins', 'chr'),
              ('__builtin__', 'basestring'): ('builtins', 'str'), ('__builtin__', 'reduce'): ('functools', 'reduce'),
              ('__builtin__', 'intern'): ('sys', 'intern'), ('itertools', 'izip'): ('builtins', 'zip'),
              ('itertools', 'imap'): ('builtins', 'map'), ('itertools', 'ifilter'): ('builtins', 'filter'),
              ('UserDict', 'IterableUserDict'): ('collections', 'UserDict'),
              ('UserList', 'UserList'): ('collections', 'UserList'),
              ('exceptions', 'StandardError'): ('builtins', 'Exception')}
_PY3_MODULES = {'__builtin__': 'builtins', 'copy_reg': 'copyreg', 'Queue': 'queue', 'repr': 'reprlib',
                'exceptions': 'builtins', 'cPickle': 'pickle', 'UserDict': 'collections', 'UserList': 'collections'}


class Unpickler:
    def __init__(self, file, *, fix_imports=True, encoding='ASCII', errors='strict', buffers=None):
        self._file = file
        self.fix_imports = fix_imports
        self.encoding = encoding
        self.errors = errors
        self.memo = {}
        self.proto = 0
        self._frame = None

    # --- reading
    def _read(self, n):
        if self._frame is not None:
            data = self._frame.read(n)
            if len(data) == n:
                return data
            if data:
                raise UnpicklingError("pickle exhausted before end of frame")
            self._frame = None
        data = self._file.read(n)
        if len(data) < n:
            raise UnpicklingError("pickle data was truncated")
        return data

    def _readline(self):
        if self._frame is not None:
            line = self._frame.readline()
            if line:
                if not line.endswith(b'\n'):
                    raise UnpicklingError("pickle exhausted before end of frame")
                return line[:-1]
            self._frame = None
        line = self._file.readline()
        if not line.endswith(b'\n'):
            raise UnpicklingError("pickle data was truncated")
        return line[:-1]

    def _opcode(self):
        if self._frame is not None:
            c = self._frame.read(1)
            if c:
                return c
            self._frame = None
        c = self._file.read(1)
        if not c:
            raise EOFError("Ran out of input")
        return c

    # --- the stack
    def _fence(self):
        return self._marks[-1] if self._marks else 0

    def _pop(self):
        if len(self._stack) <= self._fence():
            raise UnpicklingError("unexpected MARK found" if self._marks else "unpickling stack underflow")
        return self._stack.pop()

    def _top(self):
        if len(self._stack) <= self._fence():
            raise UnpicklingError("unexpected MARK found" if self._marks else "unpickling stack underflow")
        return self._stack[-1]

    def _pop_mark(self):
        if not self._marks:
            raise UnpicklingError("could not find MARK")
        at = self._marks.pop()
        items = self._stack[at:]
        del self._stack[at:]
        return items

    def _memo_get(self, idx):
        if idx not in self.memo:
            raise UnpicklingError("Memo value not found at index %d" % idx)
        return self.memo[idx]

    def _memo_put(self, idx):
        self.memo[idx] = self._top()

    def find_class(self, module, name):
        if self.proto < 3 and self.fix_imports:
            if (module, name) in _PY3_NAMES:
                module, name = _PY3_NAMES[(module, name)]
            elif module in _PY3_MODULES:
                module = _PY3_MODULES[module]
        __import__(module)
        obj = sys.modules[module]
        parts = name.split('.') if self.proto >= 4 else [name]
        for part in parts:
            if part == '<locals>':
                raise AttributeError("Can't get local attribute %r on %r" % (name, obj))
            try:
                obj = getattr(obj, part)
            except AttributeError:
                where = "<module 'builtins' (built-in)>" if module == 'builtins' else repr(sys.modules[module])
                raise AttributeError("Can't get attribute %r on %s" % (name, where)) from None
        return obj

    def persistent_load(self, pid):
        raise UnpicklingError("A load persistent id instruction was encountered, but no persistent_load function was specified.")

    def load(self):
        self._stack = []
        self._marks = []
        self._frame = None
        st = self._stack
        while True:
            op = self._opcode()
            if op == STOP:
                return self._pop()
            handler = _DISPATCH.get(op)
            if handler is None:
                c = op[0]
                if 0x20 <= c <= 0x7e:
                    raise UnpicklingError("invalid load key, '%s'." % chr(c))
                raise UnpicklingError("invalid load key, '\\x%02x'." % c)
            handler(self, st)


def _op_proto(u, st):
    p = u._read(1)[0]
    if p > 5:
        raise ValueError("unsupported pickle protocol: %d" % p)
    u.proto = p


def _op_frame(u, st):
    n = int.from_bytes(u._read(8), 'little')
    if u._frame is not None and u._frame.pos < len(u._frame.data):
        raise UnpicklingError("beginning of a new frame before end of current frame")
    u._frame = None
    data = u._file.read(n)
    if len(data) < n:
        raise UnpicklingError("pickle data was truncated")
    u._frame = _BytesReader(data)


def _push(value):
    def op(u, st):
        st.append(value)
    return op


def _sized(width, kind):
    def op(u, st):
        n = int.from_bytes(u._read(width), 'little', signed=(width == 4 and kind == 'bytes_signed'))
        data = u._read(n)
        if kind == 'str':
            st.append(data.decode('utf-8', 'surrogatepass'))
        elif kind == 'py2str':
            st.append(_decode_py2(u, data))
        elif kind == 'bytearray':
            st.append(bytearray(data))
        else:
            st.append(data)
    return op


def _op_binint(u, st):
    st.append(int.from_bytes(u._read(4), 'little', signed=True))


def _op_binint1(u, st):
    st.append(u._read(1)[0])


def _op_binint2(u, st):
    st.append(int.from_bytes(u._read(2), 'little'))


def _op_long1(u, st):
    n = u._read(1)[0]
    st.append(int.from_bytes(u._read(n), 'little', signed=True))


def _op_long4(u, st):
    n = int.from_bytes(u._read(4), 'little', signed=True)
    if n < 0:
        raise UnpicklingError("LONG pickle has negative byte count")
    st.append(int.from_bytes(u._read(n), 'little', signed=True))


def _op_binfloat(u, st):
    st.append(struct.unpack('>d', u._read(8))[0])


def _op_mark(u, st):
    u._marks.append(len(st))


def _op_tuple(u, st):
    st.append(tuple(u._pop_mark()))


def _tuple_n(n):
    def op(u, st):
        items = [u._pop() for _ in range(n)]
        items.reverse()
        st.append(tuple(items))
    return op


def _op_list(u, st):
    st.append(u._pop_mark())


def _op_dict(u, st):
    items = u._pop_mark()
    d = {}
    for i in range(0, len(items) - 1, 2):
        d[items[i]] = items[i + 1]
    st.append(d)


def _op_append(u, st):
    value = u._pop()
    _extend(u._top(), [value])


def _op_appends(u, st):
    items = u._pop_mark()
    _extend(u._top(), items)


def _extend(target, items):
    if isinstance(target, list):
        target.extend(items)
        return
    extend = getattr(target, 'extend', None)
    if extend is not None:
        extend(items)
        return
    for x in items:
        target.append(x)


def _op_setitem(u, st):
    value = u._pop()
    key = u._pop()
    u._top()[key] = value


def _op_setitems(u, st):
    items = u._pop_mark()
    target = u._top()
    for i in range(0, len(items) - 1, 2):
        target[items[i]] = items[i + 1]


def _op_additems(u, st):
    items = u._pop_mark()
    target = u._top()
    if isinstance(target, set):
        target.update(items)
    else:
        for x in items:
            target.add(x)


def _op_frozenset(u, st):
    st.append(frozenset(u._pop_mark()))


def _op_pop(u, st):
    if u._marks and len(st) == u._marks[-1]:
        u._marks.pop()
    else:
        u._pop()


def _op_pop_mark(u, st):
    u._pop_mark()


def _op_dup(u, st):
    st.append(u._top())


def _op_get(u, st):
    st.append(u._memo_get(int(_text(u._readline()))))


def _op_binget(u, st):
    st.append(u._memo_get(u._read(1)[0]))


def _op_long_binget(u, st):
    st.append(u._memo_get(int.from_bytes(u._read(4), 'little')))


def _op_put(u, st):
    idx = int(_text(u._readline()))
    if idx < 0:
        raise ValueError("negative PUT argument")
    u._memo_put(idx)


def _op_binput(u, st):
    u._memo_put(u._read(1)[0])


def _op_long_binput(u, st):
    u._memo_put(int.from_bytes(u._read(4), 'little'))


def _op_memoize(u, st):
    u._memo_put(len(u.memo))


def _op_global(u, st):
    module = u._readline().decode('utf-8')
    name = u._readline().decode('utf-8')
    st.append(u.find_class(module, name))


def _op_stack_global(u, st):
    name = u._pop()
    module = u._pop()
    if type(name) is not str or type(module) is not str:
        raise UnpicklingError("STACK_GLOBAL requires str")
    st.append(u.find_class(module, name))


def _op_reduce(u, st):
    args = u._pop()
    func = u._pop()
    st.append(func(*args))


def _op_newobj(u, st):
    args = u._pop()
    cls = u._pop()
    if not isinstance(cls, type):
        raise UnpicklingError("NEWOBJ class argument isn't a type object")
    if not isinstance(args, tuple):
        raise UnpicklingError("NEWOBJ expected an arg tuple.")
    st.append(cls.__new__(cls, *args))


def _op_newobj_ex(u, st):
    kwargs = u._pop()
    args = u._pop()
    cls = u._pop()
    st.append(cls.__new__(cls, *args, **kwargs))


def _op_inst(u, st):
    module = u._readline().decode('ascii')
    name = u._readline().decode('ascii')
    cls = u.find_class(module, name)
    args = tuple(u._pop_mark())
    st.append(_instantiate(cls, args))


def _op_obj(u, st):
    items = u._pop_mark()
    if not items:
        raise UnpicklingError("unpickling stack underflow")
    st.append(_instantiate(items[0], tuple(items[1:])))


def _instantiate(cls, args):
    if args or not isinstance(cls, type) or hasattr(cls, '__getinitargs__'):
        return cls(*args)
    return cls.__new__(cls)


def _op_build(u, st):
    state = u._pop()
    inst = u._top()
    setstate = getattr(inst, '__setstate__', None)
    if setstate is not None and _own(type(inst), '__setstate__'):
        setstate(state)
        return
    slotstate = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slotstate = state
    if state:
        d = inst.__dict__
        for k, v in state.items():
            d[k] = v
    if slotstate:
        for k, v in slotstate.items():
            setattr(inst, k, v)


def _op_persid(u, st):
    pid = u._readline().decode('ascii')
    st.append(u.persistent_load(pid))


def _op_binpersid(u, st):
    st.append(u.persistent_load(u._pop()))


def _op_ext(width):
    def op(u, st):
        code = int.from_bytes(u._read(width), 'little')
        raise ValueError("unregistered extension code %d" % code)
    return op


def _op_buffer(u, st):
    raise UnpicklingError("pickle stream refers to out-of-band data but no *buffers* argument was given")


def _op_readonly(u, st):
    pass


_DISPATCH = {
    PROTO: _op_proto, FRAME: _op_frame, NONE: _push(None), NEWTRUE: _push(True),
    NEWFALSE: _push(False), INT: _op_int, LONG: _op_long, FLOAT: _op_float, STRING: _op_string,
    UNICODE: _op_unicode, BININT: _op_binint, BININT1: _op_binint1, BININT2: _op_binint2, LONG1: _op_long1,
    LONG4: _op_long4, BINFLOAT: _op_binfloat, BINSTRING: _sized(4, 'py2str'), SHORT_BINSTRING: _sized(1, 'py2str'),
    BINUNICODE: _sized(4, 'str'), SHORT_BINUNICODE: _sized(1, 'str'), BINUNICODE8: _sized(8, 'str'),
    BINBYTES: _sized(4, 'bytes'), SHORT_BINBYTES: _sized(1, 'bytes'), BINBYTES8: _sized(8, 'bytes'),
    BYTEARRAY8: _sized(8, 'bytearray'), MARK: _op_mark, TUPLE: _op_tuple, EMPTY_TUPLE: _push(()),
    TUPLE1: _tuple_n(1), TUPLE2: _tuple_n(2), TUPLE3: _tuple_n(3), LIST: _op_list, DICT: _op_dict,
    APPEND: _op_append, APPENDS: _op_appends, SETITEM: _op_setitem, SETITEMS: _op_setitems,
    ADDITEMS: _op_additems, FROZENSET: _op_frozenset, POP: _op_pop, POP_MARK: _op_pop_mark, DUP: _op_dup,
    GET: _op_get, BINGET: _op_binget, LONG_BINGET: _op_long_binget, PUT: _op_put, BINPUT: _op_binput,
    LONG_BINPUT: _op_long_binput, MEMOIZE: _op_memoize, GLOBAL: _op_global, STACK_GLOBAL: _op_stack_global,
    REDUCE: _op_reduce, NEWOBJ: _op_newobj, NEWOBJ_EX: _op_newobj_ex, INST: _op_inst, OBJ: _op_obj,
    BUILD: _op_build, PERSID: _op_persid, BINPERSID: _op_binpersid, EXT1: _op_ext(1), EXT2: _op_ext(2),
    EXT4: _op_ext(4), NEXT_BUFFER: _op_buffer, READONLY_BUFFER: _op_readonly,
}


def _new_list(u, st):
    st.append([])


def _new_dict(u, st):
    st.append({})


def _new_set(u, st):
    st.append(set())


_DISPATCH[EMPTY_LIST] = _new_list
_DISPATCH[EMPTY_DICT] = _new_dict
_DISPATCH[EMPTY_SET] = _new_set


def load(file, *, fix_imports=True, encoding='ASCII', errors='strict', buffers=None):
    return Unpickler(file, fix_imports=fix_imports, encoding=encoding, errors=errors).load()


def loads(data, /, *, fix_imports=True, encoding='ASCII', errors='strict', buffers=None):
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    return Unpickler(_BytesReader(data), fix_imports=fix_imports, encoding=encoding, errors=errors).load()
