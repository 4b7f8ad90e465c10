"""collections.abc.Set._hash: CPython's frozenset-compatible set hash.

CPython computes it with unbounded ints masked to 64 bits.  backstep's ints
are int64 and overflow raises, so here every 64-bit unsigned quantity is a
pair (high 32 bits, low 32 bits), and products are formed from 16-bit pieces
that stay far below 2**63.
"""

_MASK32 = 0xFFFFFFFF


def _split(value):
    """A signed int64 as its two's-complement (hi, lo) halves."""
    return (value >> 32) & _MASK32, value & _MASK32


def _mul32_low(x, y):
    """(x * y) mod 2**32 for 32-bit x, y."""
    return (x * (y & 0xFFFF) + (((x * (y >> 16)) & 0xFFFF) << 16)) & _MASK32


def _mul32_full(x, y):
    """x * y for 32-bit x, y, as (hi, lo)."""
    low_part = x * (y & 0xFFFF)           # < 2**48
    high_part = x * (y >> 16)             # < 2**48, weighs 2**16
    low = low_part + ((high_part & 0xFFFF) << 16)
    return ((high_part >> 16) + (low >> 32)) & _MASK32, low & _MASK32


def _mul(a, b):
    """(a * b) mod 2**64 on (hi, lo) pairs."""
    hi, lo = _mul32_full(a[1], b[1])
    cross = _mul32_low(a[0], b[1]) + _mul32_low(a[1], b[0])
    return (hi + cross) & _MASK32, lo


def _add(a, b):
    lo = a[1] + b[1]
    return (a[0] + b[0] + (lo >> 32)) & _MASK32, lo & _MASK32


def _xor(a, b):
    return a[0] ^ b[0], a[1] ^ b[1]


def _shift_left(a, bits):
    """For 0 < bits < 32."""
    return (((a[0] << bits) | (a[1] >> (32 - bits))) & _MASK32,
            (a[1] << bits) & _MASK32)


def _shift_right(a, bits):
    """Logical shift, for 0 < bits < 32."""
    return a[0] >> bits, ((a[1] >> bits) | (a[0] << (32 - bits))) & _MASK32


def _to_signed(a):
    hi, lo = a
    if hi >= 0x80000000:
        return (hi - 0x100000000) * 0x100000000 + lo
    return hi * 0x100000000 + lo


_ELEMENT_MIX = _split(89869747)
_ELEMENT_MUL = _split(3644798167)
_FINAL_MUL = _split(69069)
_FINAL_ADD = _split(907133923)


def set_hash(elements):
    """Hash of a set of hashable elements, independent of their order."""
    h = _split(1927868237 * (len(elements) + 1))
    for element in elements:
        hx = _split(hash(element))
        mixed = _xor(_xor(hx, _shift_left(hx, 16)), _ELEMENT_MIX)
        h = _xor(h, _mul(mixed, _ELEMENT_MUL))
    h = _xor(h, _xor(_shift_right(h, 11), _shift_right(h, 25)))
    h = _add(_mul(h, _FINAL_MUL), _FINAL_ADD)
    result = _to_signed(h)
    if result == -1:
        result = 590923713
    return result
