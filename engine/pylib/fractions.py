"""fractions: Fraction, exact rational numbers -- made from ints, floats,
strings ('3/4', '-1.25e2') or other Fractions, normalised by gcd, with
arithmetic mixing ints (exact), floats (inexact) and complex, comparisons,
CPython's hash (equal to the hash of an equal int or float), rounding and
limit_denominator."""

import math
import numbers
import re

__all__ = ['Fraction']

_HASH_MODULUS = 2 ** 61 - 1
_HASH_INF = 314159

_RATIONAL = re.compile(r"""
    \A\s*
    (?P<sign>[-+]?)
    (?=\d|\.\d)
    (?P<num>\d*|\d+(_\d+)*)
    (?:
        (?:\s*/\s*(?P<denom>\d+(_\d+)*))?
        |
        (?:\.(?P<decimal>\d*|\d+(_\d+)*))?
        (?:E(?P<exp>[-+]?\d+(_\d+)*))?
    )
    \s*\Z
""", re.VERBOSE | re.IGNORECASE)


class Fraction(numbers.Rational):
    __slots__ = ('_numerator', '_denominator')

    def __new__(cls, numerator=0, denominator=None):
        self = object.__new__(cls)
        if denominator is None:
            if type(numerator) is int:
                self._numerator = numerator
                self._denominator = 1
                return self
            if isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return self
            if isinstance(numerator, float):
                n, d = numerator.as_integer_ratio()
                self._numerator = n
                self._denominator = d
                return self
            if isinstance(numerator, int):
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            if isinstance(numerator, str):
                m = _RATIONAL.match(numerator)
                if m is None:
                    raise ValueError('Invalid literal for Fraction: %r' % numerator)
                numerator = int(m.group('num') or '0')
                denom = m.group('denom')
                if denom:
                    denominator = int(denom)
                else:
                    denominator = 1
                    decimal = m.group('decimal')
                    if decimal:
                        decimal = decimal.replace('_', '')
                        scale = 10 ** len(decimal)
                        numerator = numerator * scale + int(decimal)
                        denominator *= scale
                    exp = m.group('exp')
                    if exp:
                        exp = int(exp)
                        if exp >= 0:
                            numerator *= 10 ** exp
                        else:
                            denominator *= 10 ** -exp
                if m.group('sign') == '-':
                    numerator = -numerator
            elif isinstance(numerator, numbers.Rational):
                self._numerator = numerator.numerator
                self._denominator = numerator.denominator
                return self
            else:
                raise TypeError('argument should be a string or a Rational instance')
        elif type(numerator) is int is type(denominator):
            pass
        elif isinstance(numerator, numbers.Rational) and isinstance(denominator, numbers.Rational):
            numerator, denominator = (numerator.numerator * denominator.denominator,
                                      denominator.numerator * numerator.denominator)
        else:
            raise TypeError('both arguments should be Rational instances')
        if denominator == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % numerator)
        g = math.gcd(numerator, denominator)
        if denominator < 0:
            g = -g
        self._numerator = numerator // g
        self._denominator = denominator // g
        return self

    @classmethod
    def from_float(cls, f):
        if isinstance(f, numbers.Integral):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError('%s.from_float() only takes floats, not %r (%s)' % (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def _raw(cls, n, d):
        self = object.__new__(cls)
        self._numerator = n
        self._denominator = d
        return self

    def as_integer_ratio(self):
        return (self._numerator, self._denominator)

    def limit_denominator(self, max_denominator=1000000):
        if max_denominator < 1:
            raise ValueError('max_denominator should be at least 1')
        if self._denominator <= max_denominator:
            return Fraction(self)
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        if 2 * d * (q0 + k * q1) <= self._denominator:
            return Fraction._raw(p1, q1)
        return Fraction._raw(p0 + k * p1, q0 + k * q1)

    @property
    def numerator(self):
        return self._numerator

    @property
    def denominator(self):
        return self._denominator

    def __repr__(self):
        return '%s(%s, %s)' % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return '%s/%s' % (self._numerator, self._denominator)

    # --- arithmetic: exact with Rationals, float with floats, complex with complex
    def _operate(self, other, exact, inexact, reverse):
        if isinstance(other, (int, Fraction)):
            other = other if isinstance(other, Fraction) else Fraction._raw(int(other), 1)
            return exact(other, self) if reverse else exact(self, other)
        if isinstance(other, float):
            return inexact(other, float(self)) if reverse else inexact(float(self), other)
        if isinstance(other, complex):
            return inexact(other, complex(float(self))) if reverse else inexact(complex(float(self)), other)
        return NotImplemented

    def __add__(a, b):
        return a._operate(b, _add, lambda x, y: x + y, False)

    def __radd__(b, a):
        return b._operate(a, _add, lambda x, y: x + y, True)

    def __sub__(a, b):
        return a._operate(b, _sub, lambda x, y: x - y, False)

    def __rsub__(b, a):
        return b._operate(a, _sub, lambda x, y: x - y, True)

    def __mul__(a, b):
        return a._operate(b, _mul, lambda x, y: x * y, False)

    def __rmul__(b, a):
        return b._operate(a, _mul, lambda x, y: x * y, True)

    def __truediv__(a, b):
        return a._operate(b, _div, lambda x, y: x / y, False)

    def __rtruediv__(b, a):
        return b._operate(a, _div, lambda x, y: x / y, True)

    def __floordiv__(a, b):
        return a._operate(b, lambda x, y: (x._numerator * y._denominator) // (x._denominator * y._numerator),
                          lambda x, y: x // y, False)

    def __rfloordiv__(b, a):
        return b._operate(a, lambda x, y: (x._numerator * y._denominator) // (x._denominator * y._numerator),
                          lambda x, y: x // y, True)

    def __mod__(a, b):
        return a._operate(b, _mod, lambda x, y: x % y, False)

    def __rmod__(b, a):
        return b._operate(a, _mod, lambda x, y: x % y, True)

    def __divmod__(a, b):
        return a._operate(b, lambda x, y: (x // y, x % y), divmod, False)

    def __rdivmod__(b, a):
        return b._operate(a, lambda x, y: (x // y, x % y), divmod, True)

    def __pow__(a, b):
        if isinstance(b, (int, Fraction)) and not isinstance(b, bool) or isinstance(b, bool):
            b = Fraction(b)
            if b._denominator == 1:
                power = b._numerator
                if power >= 0:
                    return Fraction._raw(a._numerator ** power, a._denominator ** power)
                if a._numerator == 0:
                    raise ZeroDivisionError('Fraction(%s, 0)' % (a._denominator ** -power))
                if a._numerator > 0:
                    return Fraction._raw(a._denominator ** -power, a._numerator ** -power)
                return Fraction._raw((-a._denominator) ** -power, (-a._numerator) ** -power)
            return float(a) ** float(b)
        if isinstance(b, (float, complex)):
            return float(a) ** b
        return NotImplemented

    def __rpow__(b, a):
        if b._denominator == 1 and b._numerator >= 0:
            return a ** b._numerator
        if isinstance(a, int):
            return Fraction(a) ** b
        return a ** float(b)

    def __pos__(a):
        return Fraction._raw(a._numerator, a._denominator)

    def __neg__(a):
        return Fraction._raw(-a._numerator, a._denominator)

    def __abs__(a):
        return Fraction._raw(abs(a._numerator), a._denominator)

    def __int__(a):
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    __trunc__ = __int__

    def __float__(a):
        return a._numerator / a._denominator

    def __floor__(a):
        return a._numerator // a._denominator

    def __ceil__(a):
        return -(-a._numerator // a._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            floor, remainder = divmod(self._numerator, self._denominator)
            if remainder * 2 < self._denominator:
                return floor
            if remainder * 2 > self._denominator:
                return floor + 1
            return floor if floor % 2 == 0 else floor + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        return Fraction(round(self / shift) * shift)

    def __hash__(self):
        try:
            dinv = pow(self._denominator, -1, _HASH_MODULUS)
        except ValueError:
            hash_ = _HASH_INF
        else:
            hash_ = hash(hash(abs(self._numerator)) * dinv)
        result = hash_ if self._numerator >= 0 else -hash_
        return -2 if result == -1 else result

    def __eq__(a, b):
        if type(b) is int:
            return a._numerator == b and a._denominator == 1
        if isinstance(b, numbers.Rational):
            return a._numerator == b.numerator and a._denominator == b.denominator
        if isinstance(b, complex) and b.imag == 0:
            b = b.real
        if isinstance(b, float):
            if math.isnan(b) or math.isinf(b):
                return 0.0 == b
            return a == a.from_float(b)
        return NotImplemented

    def _richcmp(self, other, op):
        if isinstance(other, numbers.Rational):
            return op(self._numerator * other.denominator, self._denominator * other.numerator)
        if isinstance(other, float):
            if math.isnan(other) or math.isinf(other):
                return op(0.0, other)
            return op(self, self.from_float(other))
        return NotImplemented

    def __lt__(a, b):
        return a._richcmp(b, lambda x, y: x < y)

    def __gt__(a, b):
        return a._richcmp(b, lambda x, y: x > y)

    def __le__(a, b):
        return a._richcmp(b, lambda x, y: x <= y)

    def __ge__(a, b):
        return a._richcmp(b, lambda x, y: x >= y)

    def __bool__(a):
        return bool(a._numerator)

    def __reduce__(self):
        return (self.__class__, (self._numerator, self._denominator))

    def __copy__(self):
        if type(self) == Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)

    def __deepcopy__(self, memo):
        return self.__copy__()


def _add(a, b):
    return Fraction(a._numerator * b._denominator + b._numerator * a._denominator, a._denominator * b._denominator)


def _sub(a, b):
    return Fraction(a._numerator * b._denominator - b._numerator * a._denominator, a._denominator * b._denominator)


def _mul(a, b):
    return Fraction(a._numerator * b._numerator, a._denominator * b._denominator)


def _div(a, b):
    if b._numerator == 0:
        raise ZeroDivisionError('Fraction(%s, 0)' % (a._numerator * b._denominator))
    return Fraction(a._numerator * b._denominator, a._denominator * b._numerator)


def _mod(a, b):
    da, db = a._denominator, b._denominator
    return Fraction((a._numerator * db) % (b._numerator * da), da * db)
