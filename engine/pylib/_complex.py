"""Python's complex numbers: the values complex tensors give back
(tolist(), item()) and the `complex` builtin, with CPython's repr, hash,
equality and arithmetic. A class written in the language backstep runs; the
interpreter's own numbers are int and float."""
import math


def _part(x):
    """A component as CPython's complex repr writes it: repr(float) without
    a trailing '.0' (1.0 -> '1', 1e+16 stays)."""
    text = repr(float(x))
    return text[:-2] if text.endswith(".0") else text


def _make(re, im):
    self = object.__new__(complex)
    self._re = float(re)
    self._im = float(im)
    return self


def _as_complex(other):
    if isinstance(other, complex):
        return other
    if isinstance(other, (int, float)):
        return _make(other, 0.0)
    return None


class complex:
    """complex(real=0, imag=0): a complex number."""
    __slots__ = ("_re", "_im")

    def __new__(cls, real=0, imag=0):
        if isinstance(real, str):
            return _parse(real)
        re = _as_complex(real)
        im = _as_complex(imag)
        if re is None:
            raise TypeError(f"complex() first argument must be a string or a number, not '{type(real).__name__}'")
        if im is None:
            raise TypeError(f"complex() second argument must be a number, not '{type(imag).__name__}'")
        # real + imag*1j, as CPython combines them: a float part is taken as
        # it is (complex(0.0, -0.0) keeps the sign of zero).
        r = re._re - im._im if isinstance(imag, complex) else re._re
        i = im._re + re._im if isinstance(real, complex) else im._re
        return _make(r, i)

    @property
    def real(self):
        return self._re

    @property
    def imag(self):
        return self._im

    def conjugate(self):
        return _make(self._re, -self._im)

    def __repr__(self):
        if self._re == 0 and math.copysign(1.0, self._re) == 1.0:
            return _part(self._im) + "j"
        im = _part(self._im)
        if not im.startswith("-"):
            im = "+" + im
        return "(" + _part(self._re) + im + "j)"

    __str__ = __repr__

    def __hash__(self):
        h = (hash(self._re) + 1000003 * hash(self._im)) & 0xFFFFFFFFFFFFFFFF
        if h >= 1 << 63:
            h -= 1 << 64
        return -2 if h == -1 else h

    def __eq__(self, other):
        o = _as_complex(other)
        if o is None:
            return NotImplemented
        return self._re == o._re and self._im == o._im

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __bool__(self):
        return self._re != 0 or self._im != 0

    def __abs__(self):
        return math.hypot(self._re, self._im)

    def __neg__(self):
        return _make(-self._re, -self._im)

    def __pos__(self):
        return _make(self._re, self._im)

    def __add__(self, other):
        o = _as_complex(other)
        return NotImplemented if o is None else _make(self._re + o._re, self._im + o._im)

    __radd__ = __add__

    def __sub__(self, other):
        o = _as_complex(other)
        return NotImplemented if o is None else _make(self._re - o._re, self._im - o._im)

    def __rsub__(self, other):
        o = _as_complex(other)
        return NotImplemented if o is None else _make(o._re - self._re, o._im - self._im)

    def __mul__(self, other):
        o = _as_complex(other)
        if o is None:
            return NotImplemented
        return _make(self._re * o._re - self._im * o._im, self._re * o._im + self._im * o._re)

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = _as_complex(other)
        return NotImplemented if o is None else _divide(self, o)

    def __rtruediv__(self, other):
        o = _as_complex(other)
        return NotImplemented if o is None else _divide(o, self)

    def __pow__(self, other):
        o = _as_complex(other)
        if o is None:
            return NotImplemented
        return _power(self, o)

    def __rpow__(self, other):
        o = _as_complex(other)
        return NotImplemented if o is None else _power(o, self)

    def __complex__(self):
        return self

    def __reduce__(self):
        return (complex, (self._re, self._im))


complex.__module__ = "builtins"


def _divide(a, b):
    # Smith's algorithm, as CPython's _Py_c_quot.
    if b._re == 0 and b._im == 0:
        raise ZeroDivisionError("complex division by zero")
    if abs(b._re) >= abs(b._im):
        ratio = b._im / b._re
        denom = b._re + b._im * ratio
        return _make((a._re + a._im * ratio) / denom, (a._im - a._re * ratio) / denom)
    ratio = b._re / b._im
    denom = b._re * ratio + b._im
    return _make((a._re * ratio + a._im) / denom, (a._im * ratio - a._re) / denom)


def _power(a, b):
    if b._im == 0 and b._re == int(b._re) and abs(b._re) <= 100:
        n = int(b._re)
        result = _make(1.0, 0.0)
        base = a if n >= 0 else _divide(_make(1.0, 0.0), a)
        for _ in range(abs(n)):
            result = result * base
        return result
    if a._re == 0 and a._im == 0:
        if b._im != 0 or b._re < 0:
            raise ZeroDivisionError("0.0 to a negative or complex power")
        return _make(0.0, 0.0)
    length = math.hypot(a._re, a._im)
    angle = math.atan2(a._im, a._re)
    mag = length ** b._re * math.exp(-b._im * angle)
    phase = angle * b._re + b._im * math.log(length)
    return _make(mag * math.cos(phase), mag * math.sin(phase))


def _parse(text):
    s = text.strip().replace(" ", "")
    if s.startswith("(") and s.endswith(")"):
        s = s[1:-1]
    try:
        if not s.endswith("j"):
            return _make(float(s), 0.0)
        body = s[:-1]
        cut = max(body.rfind("+"), body.rfind("-"))
        while cut > 0 and body[cut - 1] in "eE":
            cut = max(body.rfind("+", 0, cut - 1), body.rfind("-", 0, cut - 1))
        if cut <= 0:
            return _make(0.0, float(body) if body not in ("", "+", "-") else float(body + "1"))
        im = body[cut:]
        return _make(float(body[:cut]), float(im) if im not in ("+", "-") else float(im + "1"))
    except ValueError:
        raise ValueError("complex() arg is a malformed string") from None
