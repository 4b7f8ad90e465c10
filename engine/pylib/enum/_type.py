"""EnumType (alias EnumMeta): the metaclass that turns a class body's plain
attributes into enum members.

CPython routes the class body through a special namespace (__prepare__)
that resolves auto() as each line runs.  backstep has no __prepare__, so
EnumType.__new__ does the same work on the finished namespace, walking it in
definition order (dicts keep insertion order, so the results agree; the one
thing lost is the error for a name defined twice).  Members are then built
on the new class: value, name, aliases (a repeated value names the first
member), and the class attributes that reach them.
"""

import _backstep
from types import MappingProxyType, DynamicClassAttribute
from enum._support import (_is_dunder, _is_sunder, _is_private,
                           _is_descriptor, _is_single_bit, _bit_length,
                           auto, _auto_null, member, nonmember,
                           _AutoExpression)
from enum._support import known
from enum._members import (_add_member, _install_methods, _finish_flag,
                           _check_order)


_ALLOWED_SUNDER = ('_order_', '_generate_next_value_', '_numeric_repr_',
                   '_missing_', '_ignore_', '_iter_member_',
                   '_iter_member_by_value_', '_iter_member_by_def_')


def _ignored_names(classdict):
    ignore = classdict.get('_ignore_', [])
    if isinstance(ignore, str):
        ignore = ignore.replace(',', ' ').split()
    return set(ignore) | {'_ignore_'}


def _resolve_autos(key, value, generate, count, last_values):
    """Replace auto() (alone or inside a tuple) by generated values.
    Returns (value, whether value itself still needs recording in
    last_values, whether _generate_next_value_ was called)."""
    if isinstance(value, _AutoExpression):
        value = value.evaluate()
    single = isinstance(value, auto)
    if single:
        value = (value,)
    if type(value) is not tuple or \
            not any(isinstance(v, auto) for v in value):
        return (value[0] if single else value), True, False
    resolved = []
    generated = False
    for item in value:
        if isinstance(item, auto):
            if item.value is _auto_null:
                item.value = generate(key, 1, count, last_values[:])
                generated = True
            item = item.value
            last_values.append(item)
        resolved.append(item)
    return (resolved[0] if single else tuple(resolved)), False, generated


def _split_namespace(cls_name, classdict, generate):
    """(members as [(name, value)], the other attributes as a dict)."""
    ignored = _ignored_names(classdict)
    members = []
    attributes = {}
    last_values = []
    auto_called = False
    for key, value in classdict.items():
        if key in ignored:
            continue
        if _is_private(cls_name, key):
            attributes[key] = value
            continue
        if _is_sunder(key):
            if key not in _ALLOWED_SUNDER:
                raise ValueError('_sunder_ names, such as %r, are reserved '
                                 'for future Enum use' % (key,))
            if key == '_generate_next_value_':
                if auto_called:
                    raise TypeError('_generate_next_value_ must be defined '
                                    'before members')
                generate = value.__func__ if isinstance(value, staticmethod) \
                    else value
            attributes[key] = value
            continue
        if _is_dunder(key):
            attributes['_order_' if key == '__order__' else key] = value
            continue
        if isinstance(value, nonmember):
            attributes[key] = value.value
            continue
        if _is_descriptor(value):
            attributes[key] = value
            continue
        if isinstance(value, member):
            value = value.value
        value, record, generated = _resolve_autos(key, value, generate,
                                                  len(members), last_values)
        auto_called = auto_called or generated
        members.append((key, value))
        if record:
            last_values.append(value)
    return members, attributes


def _defining_class(cls, name):
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass
    return None


def _constructs_values(data_type):
    """Whether data_type has a __new__ of its own (object's does not count);
    builtin types always do."""
    for klass in data_type.__mro__:
        if klass is object:
            return False
        if klass.__module__ == 'builtins' or '__new__' in klass.__dict__:
            return True
    return False



class EnumType(type):
    """Metaclass for Enum"""

    def __new__(metacls, cls, bases, classdict, *, boundary=None,
                _simple=False, **kwds):
        if _simple:
            return super().__new__(metacls, cls, bases, classdict, **kwds)
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        generate = getattr(first_enum, '_generate_next_value_', None)
        members, namespace = _split_namespace(cls, classdict, generate)
        invalid = [repr(name) for name, _ in members if name in ('mro', '')]
        if invalid:
            raise ValueError('invalid enum member name(s) %s'
                             % ','.join(invalid))
        order = namespace.pop('_order_', None)
        new, save_new, use_args = metacls._find_new_(namespace, member_type,
                                                     first_enum)
        namespace['_new_member_'] = new
        namespace['_use_args_'] = use_args
        namespace['_member_names_'] = []
        namespace['_member_map_'] = {}
        namespace['_value2member_map_'] = {}
        namespace['_unhashable_values_'] = []
        namespace['_member_type_'] = member_type
        namespace['_value_repr_'] = metacls._find_data_repr_(cls, bases)
        enum_class = super().__new__(metacls, cls, bases, namespace, **kwds)
        is_flag = (issubclass(enum_class, known.Flag) if known.Flag
                   is not None else cls == 'Flag')
        for name, value in members:
            _add_member(enum_class, name, value, is_flag)
        _install_methods(enum_class, classdict, bases, member_type,
                         first_enum, is_flag)
        if known.Enum is not None:
            if save_new:
                enum_class.__new_member__ = new
            enum_class.__new__ = known.Enum.__dict__['__new__']
        if is_flag:
            _finish_flag(enum_class, members, boundary, first_enum)
        if order:
            _check_order(enum_class, order, is_flag)
        return enum_class

    def __bool__(cls):
        """classes/types should always be True."""
        return True

    def __call__(cls, value, names=None, *, module=None, qualname=None,
                 type=None, start=1, boundary=None):
        """Color(3) finds the member with value 3; Enum('Color', 'RED BLUE')
        (the functional API) creates a new enum class."""
        if names is None:
            return cls.__new__(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname,
                            type=type, start=start, boundary=boundary)

    def __contains__(cls, member):
        if known.Enum is None or not isinstance(member, known.Enum):
            raise TypeError("unsupported operand type(s) for 'in': '%s' and "
                            "'%s'" % (type(member).__qualname__,
                                      type(cls).__qualname__))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __delattr__(cls, attr):
        if attr in _member_map_of(cls):
            raise AttributeError('%r cannot delete member %r.'
                                 % (cls.__name__, attr))
        super().__delattr__(attr)

    def __dir__(cls):
        interesting = set(['__class__', '__contains__', '__doc__',
                           '__getitem__', '__iter__', '__len__',
                           '__members__', '__module__', '__name__',
                           '__qualname__'] + cls._member_names_)
        if cls._use_args_:              # members not made by object.__new__
            interesting.add('__new__')
        # CPython compares a fresh bound method by identity here, so this
        # name is always listed.
        interesting.add('__init_subclass__')
        if cls._member_type_ is object:
            return sorted(interesting)
        return sorted(set(dir(cls._member_type_)) | interesting)

    def __getattr__(cls, name):
        """Members are reachable by attribute even where a class attribute
        of the same name could not be set."""
        if _is_dunder(name):
            raise AttributeError(name)
        try:
            return _member_map_of(cls)[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(cls, name):
        """Return the member matching `name`."""
        return cls._member_map_[name]

    def __iter__(cls):
        """Return members in definition order."""
        member_map = cls._member_map_
        return (member_map[name] for name in cls._member_names_)

    def __len__(cls):
        """Return the number of members (no aliases)"""
        return len(cls._member_names_)

    @property
    def __members__(cls):
        """A read-only mapping of member name -> member, aliases included."""
        return _read_only(cls._member_map_)

    def __repr__(cls):
        if known.Flag is not None and issubclass(cls, known.Flag):
            return '<flag %r>' % (cls.__name__,)
        return '<enum %r>' % (cls.__name__,)

    def __reversed__(cls):
        """Return members in reverse definition order."""
        member_map = cls._member_map_
        return (member_map[name] for name in reversed(cls._member_names_))

    def __setattr__(cls, name, value):
        """Block attempts to reassign Enum members."""
        if name in cls.__dict__.get('_member_map_', {}):
            raise AttributeError('cannot reassign member %r' % (name,))
        super().__setattr__(name, value)

    # ---- the functional API: Enum('Color', 'RED GREEN') ----------------------

    def _create_(cls, class_name, names, *, module=None, qualname=None,
                 type=None, start=1, boundary=None):
        """Create a new enum class; names is a string of names, a list of
        names or of (name, value) pairs, or a mapping of name -> value."""
        metacls = cls.__class__
        bases = (cls,) if type is None else (type, cls)
        _, first_enum = cls._get_mixins_(class_name, bases)
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        if isinstance(names, (tuple, list)) and names and \
                isinstance(names[0], str):
            original_names, names = names, []
            last_values = []
            for count, name in enumerate(original_names):
                value = first_enum._generate_next_value_(name, start, count,
                                                         last_values[:])
                last_values.append(value)
                names.append((name, value))
        classdict = {}
        for item in names:
            if isinstance(item, str):
                member_name, member_value = item, names[item]
            else:
                member_name, member_value = item
            classdict[member_name] = member_value
        if module is None:
            # _create_ <- __call__ <- the code that called Enum(...)
            module = _backstep.caller_module_name(2)
        classdict['__module__'] = module
        if qualname is not None:
            classdict['__qualname__'] = qualname
        return metacls.__new__(metacls, class_name, bases, classdict,
                               boundary=boundary)

    # ---- how a new enum class relates to its bases ---------------------------

    @classmethod
    def _check_for_existing_members_(mcls, class_name, bases):
        for chain in bases:
            for base in chain.__mro__:
                if known.Enum is not None and issubclass(base, known.Enum) \
                        and base._member_names_:
                    raise TypeError('<enum %r> cannot extend %r'
                                    % (class_name, base))

    @classmethod
    def _get_mixins_(mcls, class_name, bases):
        """(type of the member values, the enum class being extended)"""
        if not bases:
            return object, known.Enum
        mcls._check_for_existing_members_(class_name, bases)
        first_enum = bases[-1]
        if not isinstance(first_enum, EnumType):
            raise TypeError('new enumerations should be created as '
                            '`EnumName([mixin_type, ...] [data_type,] '
                            'enum_type)`')
        member_type = mcls._find_data_type_(class_name, bases) or object
        return member_type, first_enum

    @classmethod
    def _find_data_repr_(mcls, class_name, bases):
        for chain in bases:
            for base in chain.__mro__:
                if base is object:
                    continue
                if isinstance(base, EnumType):
                    return base._value_repr_
                if '__repr__' in base.__dict__:
                    return base.__dict__['__repr__']
        return None

    @classmethod
    def _find_data_type_(mcls, class_name, bases):
        data_types = []
        for chain in bases:
            candidate = None
            for base in chain.__mro__:
                if base is object:
                    continue
                if isinstance(base, EnumType):
                    if base._member_type_ is not object:
                        if base._member_type_ not in data_types:
                            data_types.append(base._member_type_)
                        break
                elif (base.__module__ == 'builtins'
                        or '__new__' in base.__dict__
                        or '__init__' in base.__dict__):
                    found = candidate or base
                    if found not in data_types:
                        data_types.append(found)
                    break
                else:
                    candidate = candidate or base
        if len(data_types) > 1:
            raise TypeError('too many data types for %r: %r'
                            % (class_name, set(data_types)))
        return data_types[0] if data_types else None

    @classmethod
    def _find_new_(mcls, classdict, member_type, first_enum):
        """(the __new__ that creates members, whether it is the class's own
        and must be kept as __new_member__, whether it takes the value)"""
        new = classdict.get('__new__')
        save_new = first_enum is not None and new is not None
        if isinstance(new, staticmethod):
            new = new.__func__
        if new is None:
            for possible in (member_type, first_enum):
                saved = getattr(possible, '__new_member__', None)
                if saved is not None:
                    new = saved
                    break
        if new is None and member_type is not object and \
                _constructs_values(member_type):
            new = member_type.__new__
        if new is None:
            return object.__new__, save_new, False
        return new, save_new, first_enum is not None


EnumType.__module__ = 'enum'
EnumMeta = EnumType


def _member_map_of(cls):
    for klass in cls.__mro__:
        member_map = klass.__dict__.get('_member_map_')
        if member_map is not None:
            return member_map
    return {}


def _read_only(mapping):
    try:
        return MappingProxyType(mapping)
    except TypeError:
        return dict(mapping)
