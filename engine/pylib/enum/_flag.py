"""Flag and IntFlag: enums whose members combine with | & ^ ~.

Single-bit members are the canonical ones; any other value is a
"pseudo-member" created on demand by _missing_ and named by the canonical
members it contains ('R|W').  What happens to bits no member defines is the
class's boundary: CONFORM (Flag) drops them, KEEP (IntFlag) keeps them,
STRICT raises, EJECT returns a plain int.
"""

from enum._support import (known, auto, _bit_length, _bit_count,
                           _iter_bits_lsb, bin)
from enum._enum import Enum, ReprEnum, StrEnum


class FlagBoundary(StrEnum):
    """
    control how out of range values are handled
    "strict" -> error is raised
    "conform" -> extra bits are discarded   [default for Flag]
    "eject" -> lose flag status
    "keep" -> keep flag status and all bits [default for IntFlag]
    """

    __module__ = 'enum'

    STRICT = auto()
    CONFORM = auto()
    EJECT = auto()
    KEEP = auto()


STRICT, CONFORM, EJECT, KEEP = FlagBoundary
known.STRICT, known.CONFORM, known.EJECT, known.KEEP = FlagBoundary


class Flag(Enum, boundary=CONFORM):
    """
    Support for flags
    """

    __module__ = 'enum'

    _numeric_repr_ = repr

    def _generate_next_value_(name, start, count, last_values):
        """The next power of two above the largest value so far."""
        if not count:
            return start if start is not None else 1
        last_value = max(last_values)
        if not isinstance(last_value, int):
            raise TypeError('invalid flag value %r' % (last_value,)) from None
        return 2 ** _bit_length(last_value)

    @classmethod
    def _iter_member_by_value_(cls, value):
        """The canonical members in value, lowest bit first."""
        for bit in _iter_bits_lsb(value & cls._flag_mask_):
            yield cls._value2member_map_.get(bit)

    _iter_member_ = _iter_member_by_value_

    @classmethod
    def _iter_member_by_def_(cls, value):
        """The canonical members in value, in definition order."""
        yield from sorted(cls._iter_member_by_value_(value),
                          key=lambda m: m._sort_order_)

    @classmethod
    def _missing_(cls, value):
        """Create the pseudo-member for a combination of flags, applying
        the boundary policy to undefined bits."""
        if not isinstance(value, int):
            raise ValueError('%r is not a valid %s' % (value, cls.__qualname__))
        value = _apply_boundary(cls, value)
        if not isinstance(value, tuple):
            return value                        # EJECT: a plain int
        value, negative_value = value
        flag_mask = cls._flag_mask_
        unknown = value & ~flag_mask
        member_value = value & flag_mask
        if unknown and cls._boundary_ is not KEEP:
            raise ValueError('%s(%r) -->  unknown values %r [%s]'
                             % (cls.__name__, value, unknown, bin(unknown)))
        if cls._member_type_ is object:
            pseudo_member = object.__new__(cls)
        else:
            pseudo_member = cls._member_type_.__new__(cls, value)
        if not hasattr(pseudo_member, '_value_'):
            pseudo_member._value_ = value
        if member_value:
            pseudo_member._name_ = '|'.join(
                [m._name_ for m in cls._iter_member_(member_value)])
            if unknown:
                pseudo_member._name_ += '|%s' % cls._numeric_repr_(unknown)
        else:
            pseudo_member._name_ = None
        if not unknown:
            pseudo_member = cls._value2member_map_.setdefault(value,
                                                              pseudo_member)
            if negative_value is not None:
                cls._value2member_map_[negative_value] = pseudo_member
        return pseudo_member

    def __contains__(self, other):
        """Returns True if self has at least the same flags set as other."""
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (type(other).__qualname__,
                               self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        """Returns flags in definition order."""
        yield from self._iter_member_(self._value_)

    def __len__(self):
        return _bit_count(self._value_)

    def __repr__(self):
        cls_name = self.__class__.__name__
        value_repr = self.__class__._value_repr_ or repr
        if self._name_ is None:
            return '<%s: %s>' % (cls_name, value_repr(self._value_))
        return '<%s.%s: %s>' % (cls_name, self._name_,
                                value_repr(self._value_))

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return '%s(%r)' % (cls_name, self._value_)
        return '%s.%s' % (cls_name, self._name_)

    def __bool__(self):
        return bool(self._value_)

    def _other_value(self, other):
        if isinstance(other, self.__class__):
            return other._value_
        if self._member_type_ is not object and \
                isinstance(other, self._member_type_):
            return other
        return NotImplemented

    def __or__(self, other):
        other = self._other_value(other)
        if other is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ | other)

    def __and__(self, other):
        other = self._other_value(other)
        if other is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ & other)

    def __xor__(self, other):
        other = self._other_value(other)
        if other is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ ^ other)

    def __invert__(self):
        if self._inverted_ is None:
            if self._boundary_ is KEEP:
                self._inverted_ = self.__class__(~self._value_)
            else:
                self._inverted_ = self.__class__(self._flag_mask_ ^
                                                 self._value_)
            if isinstance(self._inverted_, self.__class__):
                self._inverted_._inverted_ = self
        return self._inverted_

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__


known.Flag = Flag


def _apply_boundary(cls, value):
    """(value with the boundary applied, the original negative value or
    None); a plain int result means EJECT."""
    flag_mask = cls._flag_mask_
    all_bits = cls._all_bits_
    if not ~all_bits <= value <= all_bits or value & (all_bits ^ flag_mask):
        boundary = cls._boundary_
        if boundary is STRICT:
            max_bits = max(_bit_length(value), _bit_length(flag_mask))
            raise ValueError('%r invalid value %r\n    given %s\n  allowed %s'
                             % (cls, value, bin(value, max_bits),
                                bin(flag_mask, max_bits)))
        if boundary is CONFORM:
            value = value & flag_mask
        elif boundary is EJECT:
            return value
        elif boundary is KEEP:
            if value < 0:
                value = max(all_bits + 1, 2 ** _bit_length(value)) + value
        else:
            raise ValueError('%r unknown flag boundary %r'
                             % (cls, cls._boundary_))
    negative_value = None
    if value < 0:
        negative_value = value
        value = all_bits + 1 + value
    return value, negative_value


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    """
    Support for integer-based Flags
    """

    __module__ = 'enum'
