"""Enum and its plain-data variants ReprEnum, IntEnum and StrEnum, and the
unique decorator."""

from enum._support import known, property
from enum._type import EnumType


class Enum(metaclass=EnumType):
    """
    Create a collection of name/value pairs.

    Example enumeration:

    >>> class Color(Enum):
    ...     RED = 1
    ...     BLUE = 2
    ...     GREEN = 3

    Access them by:

    - attribute access::

    >>> Color.RED
    <Color.RED: 1>

    - value lookup:

    >>> Color(1)
    <Color.RED: 1>

    - name lookup:

    >>> Color['RED']
    <Color.RED: 1>

    Enumerations can be iterated over, and know how many members they have:

    >>> len(Color)
    3

    >>> list(Color)
    [<Color.RED: 1>, <Color.BLUE: 2>, <Color.GREEN: 3>]

    Methods can be added to enumerations, and members can have their own
    attributes -- see the documentation for details.
    """

    __module__ = 'enum'

    def __new__(cls, value):
        # Value lookup: Color(1).  (Members themselves were made by the
        # class's member __new__ when the class was created.)
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for candidate in cls._member_map_.values():
                if candidate._value_ == value:
                    return candidate
        return _missing_or_error(cls, value)

    def __init__(self, *args, **kwds):
        pass

    def _generate_next_value_(name, start, count, last_values):
        """Generate the next value when not given: one more than the
        largest so far (start for the first)."""
        if not last_values:
            return start
        try:
            last = last_values[-1]
            last_values.sort()
            if last == last_values[-1]:
                return last + 1
            raise TypeError
        except TypeError:
            for value in last_values:
                try:
                    return value + 1
                except TypeError:
                    pass
            return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        value_repr = type(self)._value_repr_ or repr
        return '<%s.%s: %s>' % (type(self).__name__, self._name_,
                                value_repr(self._value_))

    def __str__(self):
        return '%s.%s' % (type(self).__name__, self._name_)

    def __dir__(self):
        """Returns all members and all public methods"""
        if type(self)._member_type_ is object:
            interesting = set(['__class__', '__doc__', '__eq__', '__hash__',
                               '__module__', 'name', 'value'])
        else:
            interesting = set(object.__dir__(self))
        for name in getattr(self, '__dict__', []):
            if name[0] != '_':
                interesting.add(name)
        for cls in type(self).__mro__:
            for name, obj in cls.__dict__.items():
                if name[0] == '_':
                    continue
                if isinstance(obj, property):
                    if obj.fget is not None or name not in self._member_map_:
                        interesting.add(name)
                    else:
                        interesting.discard(name)
                else:
                    interesting.add(name)
        return sorted(set(['__class__', '__doc__', '__eq__', '__hash__',
                           '__module__']) | interesting)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return getattr, (self.__class__, self._name_)

    # A member is its own copy (CPython gets there through __reduce_ex__).
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def name(self):
        """The name of the Enum member."""
        return self._name_

    @property
    def value(self):
        """The value of the Enum member."""
        return self._value_


known.Enum = Enum


def _missing_or_error(cls, value):
    """Give _missing_ its chance, else ValueError("3 is not a valid Color")."""
    exc = None
    try:
        result = cls._missing_(value)
    except Exception as e:
        exc = e
        result = None
    if isinstance(result, cls):
        return result
    if (known.Flag is not None and issubclass(cls, known.Flag)
            and cls._boundary_ is known.EJECT and isinstance(result, int)):
        return result
    not_valid = ValueError('%r is not a valid %s' % (value, cls.__qualname__))
    if result is None and exc is None:
        raise not_valid
    if exc is None:
        exc = TypeError('error in %s._missing_: returned %r instead of None '
                        'or a valid member' % (cls.__name__, result))
    if not isinstance(exc, ValueError):
        exc.__context__ = not_valid
    raise exc


class ReprEnum(Enum):
    """
    Only changes the repr(), leaving str() and format() to the mixed-in type.
    """

    __module__ = 'enum'


known.ReprEnum = ReprEnum


class IntEnum(int, ReprEnum):
    """
    Enum where members are also (and must be) ints
    """

    __module__ = 'enum'


class StrEnum(str, ReprEnum):
    """
    Enum where members are also (and must be) strings
    """

    __module__ = 'enum'

    def __new__(cls, *values):
        "values must already be of type `str`"
        if len(values) > 3:
            raise TypeError('too many arguments for str(): %r' % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError('%r is not a string' % (values[0],))
        if len(values) >= 2 and not isinstance(values[1], str):
            raise TypeError('encoding must be a string, not %r'
                            % (values[1],))
        if len(values) == 3 and not isinstance(values[2], str):
            raise TypeError('errors must be a string, not %r' % (values[2]))
        value = str(*values)
        new_member = str.__new__(cls, value)
        new_member._value_ = value
        return new_member

    def _generate_next_value_(name, start, count, last_values):
        """
        Return the lower-cased version of the member name.
        """
        return name.lower()


def unique(enumeration):
    """
    Class decorator for enumerations ensuring unique member values.
    """
    duplicates = []
    for name, found in enumeration.__members__.items():
        if name != found.name:
            duplicates.append((name, found.name))
    if duplicates:
        details = ', '.join(['%s -> %s' % (alias, name)
                             for alias, name in duplicates])
        raise ValueError('duplicate values found in %r: %s'
                         % (enumeration, details))
    return enumeration
