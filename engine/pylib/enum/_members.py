"""Building an enum class's members once EnumType has created the class:
member objects and aliases, the class attributes that reach them, the
repr/str/format methods members use, and the Flag bookkeeping."""

from types import DynamicClassAttribute
from enum._support import (known, _is_single_bit, _bit_length,
                           property as _enum_property)


def _make_member(enum_class, value):
    """A new member object for value, through the class's member __new__,
    with _value_ set (the class's __new__ may have set it already)."""
    args = value if isinstance(value, tuple) else (value,)
    member_type = enum_class._member_type_
    if member_type is tuple:
        args = (args,)       # a tuple value is one argument for tuple()
    if not enum_class._use_args_:
        new_member = enum_class._new_member_(enum_class)
        if not hasattr(new_member, '_value_'):
            if member_type is object:
                new_member._value_ = value
            else:
                try:
                    new_member._value_ = member_type(*args)
                except Exception:
                    new_member._value_ = value
        return new_member, args
    new_member = enum_class._new_member_(enum_class, *args)
    if not hasattr(new_member, '_value_'):
        if member_type is object:
            new_member._value_ = value
        else:
            try:
                new_member._value_ = member_type(*args)
            except Exception:
                raise TypeError('_value_ not set in __new__, unable to '
                                'create it') from None
    return new_member, args


def _run_init(new_member, args):
    """The member's __init__ from the enum or a mixin (a builtin data
    type's initialiser is skipped, as CPython's lookup skips it)."""
    for klass in type(new_member).__mro__:
        if klass.__module__ == 'builtins':
            continue
        init = klass.__dict__.get('__init__')
        if init is not None:
            init(new_member, *args)
            return


def _existing_member(enum_class, value):
    """The member already holding value (the new one is then an alias)."""
    try:
        return enum_class._value2member_map_[value]
    except TypeError:
        for candidate in enum_class._member_map_.values():
            if candidate._value_ == value:
                return candidate
    except KeyError:
        pass
    return None


def _shadowed_by_enum_property(enum_class, name):
    # `name` and `value` (and user enum.property attributes) answer for a
    # member of the same name through the property's class-level lookup.
    for base in enum_class.__mro__[1:]:
        found = base.__dict__.get(name)
        if isinstance(found, (_enum_property, DynamicClassAttribute)):
            return True
    return False


def _add_member(enum_class, name, value, is_flag):
    new_member, args = _make_member(enum_class, value)
    value = new_member._value_
    new_member._name_ = name
    new_member.__objclass__ = enum_class
    _run_init(new_member, args)
    new_member._sort_order_ = len(enum_class._member_names_)
    existing = _existing_member(enum_class, value)
    if existing is not None:
        new_member = existing
    elif not is_flag or _is_single_bit(value):
        # Multi-bit flag values are named but are not canonical members.
        enum_class._member_names_.append(name)
    if not _shadowed_by_enum_property(enum_class, name):
        setattr(enum_class, name, new_member)
    enum_class._member_map_[name] = new_member
    try:
        enum_class._value2member_map_.setdefault(value, new_member)
    except TypeError:
        enum_class._unhashable_values_.append(value)


def _needs_enum_method(enum_class, name, member_type):
    """Whether the method found for `name` is only the data type's (or
    object's) and should give way to the enum's own."""
    for klass in enum_class.__mro__:
        if name in klass.__dict__:
            if klass is object:
                return True
            if known.Enum is not None and issubclass(klass, known.Enum):
                return False
            return klass in member_type.__mro__
    return True


def _install_methods(enum_class, classdict, bases, member_type, first_enum,
                     is_flag):
    if known.ReprEnum is not None and known.ReprEnum in bases:
        # IntEnum, StrEnum...: str() and format() are the data type's.
        if member_type is object:
            raise TypeError('ReprEnum subclasses must be mixed with a data '
                            'type (i.e. int, str, float, etc.)')
        if '__format__' not in classdict:
            enum_class.__format__ = _data_format(member_type)
        if '__str__' not in classdict:
            enum_class.__str__ = _data_str(member_type)
    if first_enum is not None:
        for name in ('__repr__', '__str__', '__format__', '__reduce_ex__'):
            if name not in classdict and \
                    _needs_enum_method(enum_class, name, member_type):
                setattr(enum_class, name, getattr(first_enum, name))
    if is_flag and known.Flag is not None:
        for name in ('__or__', '__and__', '__xor__', '__ror__', '__rand__',
                     '__rxor__', '__invert__'):
            if name not in classdict:
                setattr(enum_class, name, known.Flag.__dict__[name])


def _value_format(self, format_spec):
    return format(self._value_, format_spec)


def _value_str(self):
    return str(self._value_)


def _data_format(member_type):
    method = getattr(member_type, '__format__', None)
    return _value_format if method is None else method


def _data_str(member_type):
    method = member_type.__dict__.get('__str__')
    if method is None:
        method = member_type.__dict__.get('__repr__')
    if method is None:
        method = getattr(member_type, '__str__', None)
    return _value_str if method is None else method


def _finish_flag(enum_class, members, boundary, first_enum):
    """Flag classes: the boundary policy, the mask of canonical (single
    bit) values, and the order in which composite values list members."""
    all_values = 0
    for _, value in members:
        if isinstance(value, int):
            all_values |= value
    enum_class._boundary_ = boundary or getattr(first_enum, '_boundary_',
                                                None)
    enum_class._all_bits_ = 2 ** _bit_length(all_values) - 1
    enum_class._inverted_ = None
    single_bits = 0
    for flag in enum_class._member_map_.values():
        if _is_single_bit(flag._value_):
            single_bits |= flag._value_
    enum_class._flag_mask_ = single_bits
    values = [m._value_ for m in enum_class]
    if values != sorted(values):
        enum_class._iter_member_ = enum_class._iter_member_by_def_


def _check_order(enum_class, order, is_flag):
    if isinstance(order, str):
        order = order.replace(',', ' ').split()
    member_map = enum_class._member_map_
    if is_flag:
        order = [o for o in order if o not in member_map
                 or _is_single_bit(member_map[o]._value_)]
    order = [o for o in order if o not in member_map
             or o in enum_class._member_names_]
    if order != enum_class._member_names_:
        raise TypeError('member order does not match _order_:\n  %r\n  %r'
                        % (enum_class._member_names_, order))
