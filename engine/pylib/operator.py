"""Python's operators as functions, plus itemgetter, attrgetter and
methodcaller.

Each function is the operator itself (`add(a, b)` is `a + b`), so operand
errors are the interpreter's own, exactly CPython's.
"""

__all__ = ['abs', 'add', 'and_', 'attrgetter', 'call', 'concat', 'contains',
           'countOf', 'delitem', 'eq', 'floordiv', 'ge', 'getitem', 'gt',
           'iadd', 'iand', 'iconcat', 'ifloordiv', 'ilshift', 'imatmul',
           'imod', 'imul', 'index', 'indexOf', 'inv', 'invert', 'ior',
           'ipow', 'irshift', 'is_', 'is_not', 'isub', 'itemgetter',
           'itruediv', 'ixor', 'le', 'length_hint', 'lshift', 'lt', 'matmul',
           'methodcaller', 'mod', 'mul', 'ne', 'neg', 'not_', 'or_', 'pos',
           'pow', 'rshift', 'setitem', 'sub', 'truediv', 'truth', 'xor']

_builtin_abs = abs


# ---- comparisons ----------------------------------------------------------------

def lt(a, b):
    "Same as a < b."
    return a < b


def le(a, b):
    "Same as a <= b."
    return a <= b


def eq(a, b):
    "Same as a == b."
    return a == b


def ne(a, b):
    "Same as a != b."
    return a != b


def ge(a, b):
    "Same as a >= b."
    return a >= b


def gt(a, b):
    "Same as a > b."
    return a > b


# ---- logical ------------------------------------------------------------------

def not_(a):
    "Same as not a."
    return not a


def truth(a):
    "Return True if a is true, False otherwise."
    return True if a else False


def is_(a, b):
    "Same as a is b."
    return a is b


def is_not(a, b):
    "Same as a is not b."
    return a is not b


# ---- arithmetic and bitwise ---------------------------------------------------------

def abs(a):
    "Same as abs(a)."
    return _builtin_abs(a)


def add(a, b):
    "Same as a + b."
    return a + b


def and_(a, b):
    "Same as a & b."
    return a & b


def floordiv(a, b):
    "Same as a // b."
    return a // b


def index(a):
    "Same as a.__index__()"
    if type(a) is int:
        return a
    if isinstance(a, int):
        return int(a)       # bools and int subclasses become plain ints
    method = getattr(type(a), '__index__', None)
    if method is None:
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(a).__name__)
    return method(a)


def inv(a):
    "Same as ~a."
    return ~a


invert = inv


def lshift(a, b):
    "Same as a << b."
    return a << b


def mod(a, b):
    "Same as a % b."
    return a % b


def mul(a, b):
    "Same as a * b."
    return a * b


def matmul(a, b):
    "Same as a @ b."
    return a @ b


def neg(a):
    "Same as -a."
    return -a


def or_(a, b):
    "Same as a | b."
    return a | b


def pos(a):
    "Same as +a."
    return +a


def pow(a, b):
    "Same as a ** b."
    return a ** b


def rshift(a, b):
    "Same as a >> b."
    return a >> b


def sub(a, b):
    "Same as a - b."
    return a - b


def truediv(a, b):
    "Same as a / b."
    return a / b


def xor(a, b):
    "Same as a ^ b."
    return a ^ b


# ---- sequences ---------------------------------------------------------------------

def _require_sequence(a):
    if not hasattr(a, '__getitem__'):
        raise TypeError("'%s' object can't be concatenated"
                        % type(a).__name__)


def concat(a, b):
    "Same as a + b, for a and b sequences."
    _require_sequence(a)
    return a + b


def contains(a, b):
    "Same as b in a (note reversed operands)."
    return b in a


def _iterate(a):
    try:
        return iter(a)
    except TypeError:
        raise TypeError("argument of type '%s' is not iterable"
                        % type(a).__name__) from None


def countOf(a, b):
    "Return the number of items in a which are, or which equal, b."
    count = 0
    for item in _iterate(a):
        if item is b or item == b:
            count += 1
    return count


def delitem(a, b):
    "Same as del a[b]."
    del a[b]


def getitem(a, b):
    "Same as a[b]."
    return a[b]


def indexOf(a, b):
    "Return the first index of b in a."
    position = 0
    for item in _iterate(a):
        if item is b or item == b:
            return position
        position += 1
    raise ValueError('sequence.index(x): x not in sequence')


def setitem(a, b, c):
    "Same as a[b] = c."
    a[b] = c


def length_hint(obj, default=0):
    """Return an estimate of the number of items in obj: len(obj) if it has
    one, else its __length_hint__(), else default."""
    if not isinstance(default, int):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(default).__name__)
    try:
        return len(obj)
    except TypeError:
        pass
    hint = getattr(type(obj), '__length_hint__', None)
    if hint is None:
        return default
    try:
        value = hint(obj)
    except TypeError:
        return default
    if value is NotImplemented:
        return default
    if not isinstance(value, int):
        raise TypeError('__length_hint__ must be an integer, not %s'
                        % type(value).__name__)
    if value < 0:
        raise ValueError('__length_hint__() should return >= 0')
    return value


def call(obj, *args, **kwargs):
    "Same as obj(*args, **kwargs)."
    return obj(*args, **kwargs)


# ---- in-place operators ------------------------------------------------------------

def iadd(a, b):
    "Same as a += b."
    a += b
    return a


def iand(a, b):
    "Same as a &= b."
    a &= b
    return a


def iconcat(a, b):
    "Same as a += b, for a and b sequences."
    _require_sequence(a)
    a += b
    return a


def ifloordiv(a, b):
    "Same as a //= b."
    a //= b
    return a


def ilshift(a, b):
    "Same as a <<= b."
    a <<= b
    return a


def imod(a, b):
    "Same as a %= b."
    a %= b
    return a


def imul(a, b):
    "Same as a *= b."
    a *= b
    return a


def imatmul(a, b):
    "Same as a @= b."
    a @= b
    return a


def ior(a, b):
    "Same as a |= b."
    a |= b
    return a


def ipow(a, b):
    "Same as a **= b."
    a **= b
    return a


def irshift(a, b):
    "Same as a >>= b."
    a >>= b
    return a


def isub(a, b):
    "Same as a -= b."
    a -= b
    return a


def itruediv(a, b):
    "Same as a /= b."
    a /= b
    return a


def ixor(a, b):
    "Same as a ^= b."
    a ^= b
    return a


# ---- callables that fetch ----------------------------------------------------------

def _expect_one(name, args, kwargs):
    if kwargs:
        raise TypeError('%s() takes no keyword arguments' % name)
    if len(args) != 1:
        raise TypeError('%s expected 1 argument, got %d' % (name, len(args)))
    return args[0]


class itemgetter(object):
    """itemgetter(item, ...) --> itemgetter object

    Return a callable object that fetches the given item(s) from its
    operand: itemgetter(1)(r) is r[1]; itemgetter(1, 3)(r) is
    (r[1], r[3])."""

    def __init__(self, *items):
        if not items:
            raise TypeError('itemgetter expected 1 argument, got 0')
        self._items = items
        self._single = len(items) == 1

    def __call__(self, *args, **kwargs):
        obj = _expect_one('itemgetter', args, kwargs)
        if self._single:
            return obj[self._items[0]]
        return tuple([obj[item] for item in self._items])

    def __repr__(self):
        return 'operator.itemgetter(%s)' % ', '.join(
            [repr(item) for item in self._items])

    def __reduce__(self):
        return type(self), self._items


def _resolve_dotted(obj, parts):
    for part in parts:
        obj = getattr(obj, part)
    return obj


class attrgetter(object):
    """attrgetter(attr, ...) --> attrgetter object

    Return a callable object that fetches the given attribute(s) from its
    operand; dotted names ('a.b') walk nested attributes."""

    def __init__(self, *attrs):
        if not attrs:
            raise TypeError('attrgetter expected 1 argument, got 0')
        for attr in attrs:
            if not isinstance(attr, str):
                raise TypeError('attribute name must be a string')
        self._attrs = attrs
        self._paths = [attr.split('.') for attr in attrs]

    def __call__(self, *args, **kwargs):
        obj = _expect_one('attrgetter', args, kwargs)
        if len(self._paths) == 1:
            return _resolve_dotted(obj, self._paths[0])
        return tuple([_resolve_dotted(obj, path) for path in self._paths])

    def __repr__(self):
        return 'operator.attrgetter(%s)' % ', '.join(
            [repr(attr) for attr in self._attrs])

    def __reduce__(self):
        return type(self), self._attrs


class methodcaller(object):
    """methodcaller(name, ...) --> methodcaller object

    Return a callable object that calls the given method on its operand,
    with the extra arguments given here."""

    def __init__(self, *args, **kwargs):
        if not args:
            raise TypeError('methodcaller needs at least one argument, the '
                            'method name')
        if not isinstance(args[0], str):
            raise TypeError('method name must be a string')
        self._name = args[0]
        self._args = args[1:]
        self._kwargs = kwargs

    def __call__(self, *args, **kwargs):
        obj = _expect_one('methodcaller', args, kwargs)
        return getattr(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        parts = [repr(self._name)]
        parts.extend([repr(arg) for arg in self._args])
        parts.extend(['%s=%r' % item for item in self._kwargs.items()])
        return 'operator.methodcaller(%s)' % ', '.join(parts)


# ---- the dunder spellings ----------------------------------------------------------

__lt__ = lt
__le__ = le
__eq__ = eq
__ne__ = ne
__ge__ = ge
__gt__ = gt
__not__ = not_
__abs__ = abs
__add__ = add
__and__ = and_
__call__ = call
__floordiv__ = floordiv
__index__ = index
__inv__ = inv
__invert__ = invert
__lshift__ = lshift
__mod__ = mod
__mul__ = mul
__matmul__ = matmul
__neg__ = neg
__or__ = or_
__pos__ = pos
__pow__ = pow
__rshift__ = rshift
__sub__ = sub
__truediv__ = truediv
__xor__ = xor
__concat__ = concat
__contains__ = contains
__delitem__ = delitem
__getitem__ = getitem
__setitem__ = setitem
__iadd__ = iadd
__iand__ = iand
__iconcat__ = iconcat
__ifloordiv__ = ifloordiv
__ilshift__ = ilshift
__imod__ = imod
__imul__ = imul
__imatmul__ = imatmul
__ior__ = ior
__ipow__ = ipow
__irshift__ = irshift
__isub__ = isub
__itruediv__ = itruediv
__ixor__ = ixor
