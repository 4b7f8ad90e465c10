"""binascii: crc32, hexlify/unhexlify (b2a_hex/a2b_hex) and the base64
line codecs (b2a_base64/a2b_base64), with CPython's errors (binascii.Error)."""

__all__ = ['Error', 'Incomplete', 'crc32', 'hexlify', 'unhexlify', 'b2a_hex', 'a2b_hex',
           'b2a_base64', 'a2b_base64']


class Error(ValueError):
    pass


class Incomplete(Exception):
    pass


Error.__module__ = 'binascii'
Incomplete.__module__ = 'binascii'

_B64 = b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
_B64_VALUE = {c: i for i, c in enumerate(_B64)}


def _bytes(data, what='a bytes-like object'):
    if isinstance(data, str):
        try:
            return data.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters') from None
    if isinstance(data, memoryview):
        return data.tobytes()
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("a bytes-like object is required, not '%s'" % type(data).__name__)
    return bytes(data)


def crc32(data, crc=0, /):
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    import _backstep_hash  # native (engine/runtime/hash_module.cpp)
    return _backstep_hash.crc32(bytes(data), crc & 0xffffffff)


def hexlify(data, sep=None, bytes_per_sep=1):
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    if sep is None:
        return bytes(data).hex().encode('ascii')
    return bytes(data).hex(sep, bytes_per_sep).encode('ascii')


def unhexlify(hexstr):
    s = _bytes(hexstr)
    if len(s) % 2:
        raise Error('Odd-length string')
    try:
        return bytes.fromhex(s.decode('ascii'))
    except ValueError:
        raise Error('Non-hexadecimal digit found') from None


b2a_hex = hexlify
a2b_hex = unhexlify


def b2a_base64(data, *, newline=True):
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    data = bytes(data)
    out = bytearray()
    for i in range(0, len(data) - 2, 3):
        n = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2]
        out += bytes((_B64[n >> 18], _B64[(n >> 12) & 63], _B64[(n >> 6) & 63], _B64[n & 63]))
    rest = len(data) % 3
    if rest == 1:
        n = data[-1] << 16
        out += bytes((_B64[n >> 18], _B64[(n >> 12) & 63])) + b'=='
    elif rest == 2:
        n = (data[-2] << 16) | (data[-1] << 8)
        out += bytes((_B64[n >> 18], _B64[(n >> 12) & 63], _B64[(n >> 6) & 63])) + b'='
    if newline:
        out += b'\n'
    return bytes(out)


def a2b_base64(data, *, strict_mode=False):
    s = _bytes(data)
    values = []
    pad = 0
    for c in s:
        if c == 61:  # '='
            if len(values) % 4 >= 2 and len(values) % 4 + pad < 4:
                pad += 1
                if (len(values) % 4) + pad == 4:
                    break
            continue
        v = _B64_VALUE.get(c)
        if v is None:
            if strict_mode:
                raise Error('Only base64 data is allowed')
            continue
        if pad:
            pad = 0
        values.append(v)
    if len(values) % 4 == 1:
        raise Error('Invalid base64-encoded string: number of data characters (%d) cannot be 1 more '
                    'than a multiple of 4' % len(values))
    if len(values) % 4 and len(values) % 4 + pad < 4:
        raise Error('Incorrect padding')
    out = bytearray()
    for i in range(0, len(values), 4):
        chunk = values[i:i + 4]
        n = 0
        for v in chunk:
            n = (n << 6) | v
        n <<= 6 * (4 - len(chunk))
        out += (n.to_bytes(3, 'big'))[:len(chunk) - 1 if len(chunk) < 4 else 3]
    return bytes(out)
