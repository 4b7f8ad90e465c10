"""struct: packing numbers into bytes and back (pack, unpack, calcsize,
pack_into, unpack_from, iter_unpack, Struct) with CPython's formats: byte
order and size prefixes '@' (native, aligned), '=', '<', '>', '!', and the
codes x c b B ? h H i I l L q Q n N f d s p.  The bytes come from
memoryview casts (this machine is little-endian); errors are struct.error
with CPython's messages."""

__all__ = ['calcsize', 'pack', 'pack_into', 'unpack', 'unpack_from', 'iter_unpack', 'Struct', 'error']


class error(Exception):
    pass


error.__module__ = 'struct'

_NATIVE_SIZES = {'x': 1, 'c': 1, 'b': 1, 'B': 1, '?': 1, 'h': 2, 'H': 2, 'i': 4, 'I': 4, 'l': 8, 'L': 8, 'q': 8,
                 'Q': 8, 'n': 8, 'N': 8, 'f': 4, 'd': 8, 's': 1, 'p': 1, 'P': 8}
_STD_SIZES = {'x': 1, 'c': 1, 'b': 1, 'B': 1, '?': 1, 'h': 2, 'H': 2, 'i': 4, 'I': 4, 'l': 4, 'L': 4, 'q': 8,
              'Q': 8, 'f': 4, 'd': 8, 's': 1, 'p': 1}
# The memoryview format of each (code, size): what packs the item's bytes.
_VIEW = {('b', 1): 'b', ('B', 1): 'B', ('h', 2): 'h', ('H', 2): 'H', ('i', 4): 'i', ('I', 4): 'I',
         ('l', 4): 'i', ('L', 4): 'I', ('l', 8): 'q', ('L', 8): 'Q', ('q', 8): 'q', ('Q', 8): 'Q',
         ('n', 8): 'q', ('N', 8): 'Q', ('P', 8): 'Q', ('f', 4): 'f', ('d', 8): 'd', ('?', 1): '?'}
_INT_NAMES = {'b': 'byte', 'B': 'ubyte', 'h': 'short', 'H': 'ushort'}


def _parse(fmt):
    """(byte order '<' or '>', total size, [(code, count, offset, size)])."""
    if isinstance(fmt, bytes):
        fmt = fmt.decode('ascii')
    if not isinstance(fmt, str):
        raise TypeError('Struct() argument 1 must be a str or bytes object, not %s' % type(fmt).__name__)
    order = '@'
    i = 0
    if fmt[:1] in '@=<>!' and fmt:
        order = fmt[0]
        i = 1
    native = order == '@'
    sizes = _NATIVE_SIZES if native else _STD_SIZES
    items = []
    offset = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch.isspace():
            i += 1
            continue
        count = None
        while ch.isdigit():
            count = (count or 0) * 10 + int(ch)
            i += 1
            if i >= len(fmt):
                raise error('repeat count given without format specifier')
            ch = fmt[i]
        i += 1
        if ch not in sizes:
            raise error('bad char in struct format')
        size = sizes[ch]
        if native and ch not in 'xcbBsp?' and offset % size:
            offset += size - offset % size
        n = 1 if count is None else count
        if ch in 'sp':
            items.append((ch, n, offset, n))
            offset += n
        elif ch == 'x':
            offset += n
        else:
            for _ in range(n):
                items.append((ch, 1, offset, size))
                offset += size
    byteorder = '>' if order in '>!' else '<'
    return byteorder, offset, items


def _pack_item(code, size, value, byteorder):
    if code == 'c':
        if not isinstance(value, (bytes, bytearray)) or len(value) != 1:
            raise error('char format requires a bytes object of length 1')
        return bytes(value)
    view = _VIEW[(code, size)]
    if code in 'fd':
        if not isinstance(value, (int, float)) and not hasattr(value, '__float__'):
            raise error('required argument is not a float')
    elif code != '?':
        if not isinstance(value, int) and not hasattr(value, '__index__'):
            raise error('required argument is not an integer')
        value = value.__index__() if not isinstance(value, int) else value
        bits = size * 8
        if code in 'BHILQNP':
            lo, hi = 0, (1 << bits) - 1
        else:
            lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        if not lo <= value <= hi:
            if size == 8 or size == 4 and code in 'ILN' and value < 0:
                raise error('argument out of range')
            name = _INT_NAMES.get(code, "'%s'" % code)
            raise error('%s format requires %d <= number <= %d' % (name, lo, hi))
    buf = bytearray(size)
    m = memoryview(buf).cast(view)
    m[0] = value
    data = bytes(buf)
    return data[::-1] if byteorder == '>' else data


def _unpack_item(code, size, data, byteorder):
    if code == 'c':
        return data
    if byteorder == '>':
        data = data[::-1]
    return memoryview(data).cast(_VIEW[(code, size)])[0]


def _padded(data, n):
    return data + b'\0' * (n - len(data))


class Struct:
    """A compiled format: format, size, pack, unpack, pack_into,
    unpack_from, iter_unpack."""

    def __init__(self, format):
        self.format = format if isinstance(format, str) else format.decode('ascii')
        self._order, self.size, self._items = _parse(format)

    def pack(self, *values):
        if len(values) != len(self._items):
            raise error('pack expected %d items for packing (got %d)' % (len(self._items), len(values)))
        out = bytearray(self.size)
        for (code, n, offset, size), value in zip(self._items, values):
            if code in 'sp':
                if not isinstance(value, (bytes, bytearray)):
                    raise error("argument for '%s' must be a bytes object" % code)
                if code == 's':
                    chunk = _padded(bytes(value[:n]), n)
                else:
                    body = bytes(value[:max(0, n - 1)])
                    chunk = _padded(bytes([min(len(body), 255)]) + body, n)[:n] if n else b''
                out[offset:offset + n] = chunk
            else:
                out[offset:offset + size] = _pack_item(code, size, value, self._order)
        return bytes(out)

    def unpack(self, buffer):
        data = bytes(buffer)
        if len(data) != self.size:
            raise error('unpack requires a buffer of %d bytes' % self.size)
        return self._unpack(data, 0)

    def _unpack(self, data, start):
        values = []
        for code, n, offset, size in self._items:
            chunk = data[start + offset:start + offset + (n if code in 'sp' else size)]
            if code == 's':
                values.append(chunk)
            elif code == 'p':
                length = min(chunk[0], n - 1) if n else 0
                values.append(chunk[1:1 + length])
            else:
                values.append(_unpack_item(code, size, chunk, self._order))
        return tuple(values)

    def unpack_from(self, buffer, offset=0):
        data = bytes(buffer)
        if offset < 0:
            offset += len(data)
        if len(data) - offset < self.size:
            raise error('unpack_from requires a buffer of at least %d bytes for unpacking %d bytes at offset %d '
                        '(actual buffer size is %d)' % (self.size + offset, self.size, offset, len(data)))
        return self._unpack(data, offset)

    def pack_into(self, buffer, offset, *values):
        packed = self.pack(*values)
        if offset < 0:
            offset += len(buffer)
        if len(buffer) - offset < self.size:
            raise error('pack_into requires a buffer of at least %d bytes for packing %d bytes at offset %d '
                        '(actual buffer size is %d)' % (self.size + offset, self.size, offset, len(buffer)))
        buffer[offset:offset + self.size] = packed

    def iter_unpack(self, buffer):
        data = bytes(buffer)
        if self.size == 0:
            raise error('cannot iteratively unpack with a struct of length 0')
        if len(data) % self.size:
            raise error('iterative unpacking requires a buffer of a multiple of %d bytes' % self.size)
        return (self._unpack(data, i) for i in range(0, len(data), self.size))


_cache = {}


def _struct(fmt):
    s = _cache.get(fmt)
    if s is None:
        s = _cache[fmt] = Struct(fmt)
    return s


def calcsize(fmt):
    return _struct(fmt).size


def pack(fmt, *values):
    return _struct(fmt).pack(*values)


def pack_into(fmt, buffer, offset, *values):
    return _struct(fmt).pack_into(buffer, offset, *values)


def unpack(fmt, buffer):
    return _struct(fmt).unpack(buffer)


def unpack_from(fmt, buffer, offset=0):
    return _struct(fmt).unpack_from(buffer, offset)


def iter_unpack(fmt, buffer):
    return _struct(fmt).iter_unpack(buffer)
