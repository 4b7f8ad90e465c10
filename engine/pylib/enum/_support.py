"""Small pieces the enum classes are built from: name classification, bit
arithmetic (without int.bit_length/bit_count, which the interpreter need
not have), auto, member/nonmember, and enum's `property`."""

from types import DynamicClassAttribute, FunctionType


class known(object):
    """The base enum classes, filled in once defined (EnumType has to
    create them before they exist, and must know them afterwards)."""
    Enum = None
    ReprEnum = None
    Flag = None
    STRICT = CONFORM = EJECT = KEEP = None


def _is_dunder(name):
    return (len(name) > 4 and name[:2] == name[-2:] == '__'
            and name[2] != '_' and name[-3] != '_')


def _is_sunder(name):
    return (len(name) > 2 and name[0] == name[-1] == '_'
            and name[1:2] != '_' and name[-2:-1] != '_')


def _is_private(cls_name, name):
    """A name mangled by the class body (_Color__secret): not a member."""
    pattern = '_%s__' % (cls_name,)
    if len(name) > len(pattern) and name.startswith(pattern):
        return not (name[-1] == '_' and name[-2] == '_')
    return False


def _is_descriptor(obj):
    # Methods, classmethods, properties... are attributes, not members.
    if isinstance(obj, (FunctionType, classmethod, staticmethod)):
        return True
    return (hasattr(obj, '__get__') or hasattr(obj, '__set__')
            or hasattr(obj, '__delete__'))


def _bit_length(num):
    """int.bit_length: bits in abs(num)."""
    if num < 0:
        num = -num
    length = 0
    while num:
        num >>= 1
        length += 1
    return length


def _bit_count(num):
    if num < 0:
        num = -num
    count = 0
    while num:
        num &= num - 1
        count += 1
    return count


def _is_single_bit(num):
    if num == 0:
        return False
    return num & (num - 1) == 0


def _iter_bits_lsb(num):
    """The set bits of a non-negative int, lowest first, as values."""
    original = num
    if hasattr(num, '_value_'):         # an enum member: use its value
        num = num._value_
    if num < 0:
        raise ValueError('%r is not a positive integer' % (original,))
    while num:
        bit = num & (~num + 1)
        yield bit
        num ^= bit


def show_flag_values(value):
    return list(_iter_bits_lsb(value))


def _plain_binary(num):
    """bin() of a non-negative int."""
    if num == 0:
        return '0b0'
    digits = []
    while num:
        digits.append('1' if num & 1 else '0')
        num >>= 1
    digits.reverse()
    return '0b' + ''.join(digits)


def bin(num, max_bits=None):
    """Like built-in bin(), except negative values are represented in
    twos-complement, and the leading bit always indicates sign
    (0=positive, 1=negative)."""
    ceiling = 2 ** _bit_length(num)
    if num >= 0:
        text = _plain_binary(num + ceiling).replace('1', '0', 1)
    else:
        text = _plain_binary(~num ^ (ceiling - 1) + ceiling)
    sign = text[:3]
    digits = text[3:]
    if max_bits is not None and len(digits) < max_bits:
        digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return '%s %s' % (sign, digits)


class _auto_null(object):
    def __repr__(self):
        return '_auto_null'


_auto_null = _auto_null()


def _or(a, b):
    return a | b


def _and(a, b):
    return a & b


def _xor(a, b):
    return a ^ b


def _add(a, b):
    return a + b


def _sub(a, b):
    return a - b


class _Deferred(object):
    """Arithmetic on values not known yet.

    In CPython the class body's namespace swaps auto() for its value as
    soon as it is assigned, so `RW = R | W` computes with numbers.  Without
    that namespace (no __prepare__ in backstep), R and W are still auto
    objects there; combining them records the operation, and EnumType
    evaluates it once the operands have their values."""

    def __or__(self, other):
        return _AutoExpression(_or, self, other)

    def __ror__(self, other):
        return _AutoExpression(_or, other, self)

    def __and__(self, other):
        return _AutoExpression(_and, self, other)

    def __rand__(self, other):
        return _AutoExpression(_and, other, self)

    def __xor__(self, other):
        return _AutoExpression(_xor, self, other)

    def __rxor__(self, other):
        return _AutoExpression(_xor, other, self)

    def __add__(self, other):
        return _AutoExpression(_add, self, other)

    def __radd__(self, other):
        return _AutoExpression(_add, other, self)

    def __sub__(self, other):
        return _AutoExpression(_sub, self, other)

    def __rsub__(self, other):
        return _AutoExpression(_sub, other, self)


def _evaluate(operand):
    if isinstance(operand, auto):
        return operand.value
    if isinstance(operand, _AutoExpression):
        return operand.evaluate()
    return operand


class _AutoExpression(_Deferred):

    def __init__(self, operation, left, right):
        self.operation = operation
        self.left = left
        self.right = right

    def evaluate(self):
        return self.operation(_evaluate(self.left), _evaluate(self.right))


class auto(_Deferred):
    """Instances are replaced with an appropriate value in Enum class
    suites."""

    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return 'auto(%r)' % (self.value,)


class nonmember(object):
    """Protects item from becoming an Enum member during class creation."""

    def __init__(self, value):
        self.value = value


class member(object):
    """Forces item to become an Enum member during class creation."""

    def __init__(self, value):
        self.value = value


class property(DynamicClassAttribute):
    """An attribute of enum members (like `name` and `value`) that, read
    from the enum class, looks up the member of that name instead; so a
    member may be called `name` or `value`."""

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            try:
                return ownerclass._member_map_[self.name]
            except KeyError:
                raise AttributeError('%r has no attribute %r'
                                     % (ownerclass, self.name))
        if self.fget is None:
            raise AttributeError('%r member has no attribute %r'
                                 % (ownerclass, self.name))
        return self.fget(instance)

    def __set__(self, instance, value):
        if self.fset is None:
            raise AttributeError('<enum %r> cannot set attribute %r'
                                 % (self.clsname, self.name))
        return self.fset(instance, value)

    def __delete__(self, instance):
        if self.fdel is None:
            raise AttributeError('<enum %r> cannot delete attribute %r'
                                 % (self.clsname, self.name))
        return self.fdel(instance)

    def __set_name__(self, ownerclass, name):
        self.name = name
        self.clsname = ownerclass.__name__


for _cls in (auto, nonmember, member, property):
    _cls.__module__ = 'enum'
del _cls
