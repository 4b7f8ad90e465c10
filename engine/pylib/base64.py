"""base64: the RFC 4648 encodings CPython's base64 offers -- b64 (standard
and URL-safe alphabets), b32 and b16 -- plus encodebytes/decodebytes, on
binascii's codecs, with CPython's errors (binascii.Error)."""

import binascii

__all__ = ['encode', 'decode', 'encodebytes', 'decodebytes', 'b64encode', 'b64decode', 'b32encode',
           'b32decode', 'b16encode', 'b16decode', 'standard_b64encode', 'standard_b64decode',
           'urlsafe_b64encode', 'urlsafe_b64decode']

def _bytes_from_decode_data(s):
    if isinstance(s, str):
        try:
            return s.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters') from None
    if isinstance(s, (bytes, bytearray)):
        return bytes(s)
    if isinstance(s, memoryview):
        return s.tobytes()
    raise TypeError("argument should be a bytes-like object or ASCII string, not '%s'" % type(s).__name__)


def _input_bytes(s):
    if isinstance(s, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    if isinstance(s, memoryview):
        return s.tobytes()
    if not isinstance(s, (bytes, bytearray)):
        raise TypeError("a bytes-like object is required, not '%s'" % type(s).__name__)
    return bytes(s)


def _translate(data, frm, to):
    return data.translate(bytes.maketrans(frm, to))


def b64encode(s, altchars=None):
    encoded = binascii.b2a_base64(_input_bytes(s), newline=False)
    if altchars is not None:
        assert len(altchars) == 2, repr(altchars)
        return _translate(encoded, b'+/', altchars)
    return encoded


def b64decode(s, altchars=None, validate=False):
    s = _bytes_from_decode_data(s)
    if altchars is not None:
        altchars = _bytes_from_decode_data(altchars)
        assert len(altchars) == 2, repr(altchars)
        s = _translate(s, altchars, b'+/')
    return binascii.a2b_base64(s, strict_mode=validate)


def standard_b64encode(s):
    return b64encode(s)


def standard_b64decode(s):
    return b64decode(s)


def urlsafe_b64encode(s):
    return _translate(b64encode(s), b'+/', b'-_')


def urlsafe_b64decode(s):
    s = _bytes_from_decode_data(s)
    return b64decode(_translate(s, b'-_', b'+/'))


_B32 = b'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'


def b32encode(s):
    s = _input_bytes(s)
    out = bytearray()
    for i in range(0, len(s), 5):
        chunk = s[i:i + 5]
        n = int.from_bytes(chunk + bytes(5 - len(chunk)), 'big')
        out += bytes(_B32[(n >> (35 - 5 * j)) & 31] for j in range(8))
    pad = {0: 0, 1: 6, 2: 4, 3: 3, 4: 1}[len(s) % 5]
    if pad:
        out[-pad:] = b'=' * pad
    return bytes(out)


def b32decode(s, casefold=False, map01=None):
    s = _bytes_from_decode_data(s)
    if len(s) % 8:
        raise binascii.Error('Incorrect padding')
    if map01 is not None:
        map01 = _bytes_from_decode_data(map01)
        assert len(map01) == 1, repr(map01)
        s = _translate(s, b'01', b'O' + map01)
    if casefold:
        s = s.upper()
    body = s.rstrip(b'=')
    padchars = len(s) - len(body)
    out = bytearray()
    values = {c: i for i, c in enumerate(_B32)}
    for i in range(0, len(s), 8):
        n = 0
        for c in s[i:i + 8]:
            if c == 61 and i + 8 >= len(s) - 0:
                n <<= 5
                continue
            v = values.get(c)
            if v is None:
                raise binascii.Error('Non-base32 digit found')
            n = (n << 5) | v
        out += n.to_bytes(5, 'big')
    if padchars:
        if padchars not in (1, 3, 4, 6):
            raise binascii.Error('Incorrect padding')
        out = out[:-{1: 1, 3: 2, 4: 3, 6: 4}[padchars]]
    return bytes(out)


def b16encode(s):
    return _input_bytes(s).hex().upper().encode('ascii')


def b16decode(s, casefold=False):
    s = _bytes_from_decode_data(s)
    if casefold:
        s = s.upper()
    if any(c not in b'0123456789ABCDEF' for c in s):
        raise binascii.Error('Non-base16 digit found')
    return binascii.unhexlify(s)


def encodebytes(s):
    s = _input_bytes(s)
    pieces = [binascii.b2a_base64(s[i:i + 57]) for i in range(0, len(s), 57)]
    return b''.join(pieces)


def decodebytes(s):
    return binascii.a2b_base64(_input_bytes(s))


def encode(input, output):
    while True:
        s = input.read(57)
        if not s:
            break
        output.write(binascii.b2a_base64(s))


def decode(input, output):
    output.write(decodebytes(input.read()))
