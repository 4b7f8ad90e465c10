"""The @dataclass decorator: collect the fields of a class (and of its
dataclass bases) and add the methods its parameters ask for."""

import sys
import abc
from dataclasses._fields import (MISSING, Field, _FIELD, _FIELD_INITVAR,
                                 _get_field, _is_kw_only, _is_type)
from dataclasses import _methods

_FIELDS = '__dataclass_fields__'
_PARAMS = '__dataclass_params__'
_POST_INIT_NAME = '__post_init__'


class _DataclassParams(object):
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ('_DataclassParams(init=%r,repr=%r,eq=%r,order=%r,'
                'unsafe_hash=%r,frozen=%r)'
                % (self.init, self.repr, self.eq, self.order,
                   self.unsafe_hash, self.frozen))


_DataclassParams.__module__ = 'dataclasses'


def _set_new_attribute(cls, name, value):
    """Add a generated method unless the class defines its own; True if
    the class already had one."""
    if name in cls.__dict__:
        return True
    if hasattr(value, '__qualname__'):
        value.__name__ = name
        value.__qualname__ = '%s.%s' % (cls.__qualname__, name)
    setattr(cls, name, value)
    return False


def _inherited_fields(cls):
    """Fields of dataclass bases, base-most first; and whether any base
    is a dataclass / a frozen one."""
    fields = {}
    has_dataclass_bases = False
    any_frozen_base = False
    for base in reversed(cls.__mro__[1:]):
        base_fields = base.__dict__.get(_FIELDS)
        if base_fields is None:
            base_fields = getattr(base, _FIELDS, None)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                fields[f.name] = f
            if getattr(base, _PARAMS).frozen:
                any_frozen_base = True
    return fields, has_dataclass_bases, any_frozen_base


def _own_fields(cls, kw_only):
    annotations = cls.__dict__.get('__annotations__', {})
    dataclasses = sys.modules['dataclasses']
    kw_only_seen = False
    own = []
    for name, a_type in annotations.items():
        if (_is_kw_only(a_type, dataclasses)
                or (isinstance(a_type, str)
                    and _is_type(a_type, cls, dataclasses,
                                 dataclasses.KW_ONLY, _is_kw_only))):
            if kw_only_seen:
                raise TypeError('%r is KW_ONLY, but KW_ONLY has already been '
                                'specified' % (name,))
            kw_only_seen = True
            kw_only = True
        else:
            own.append(_get_field(cls, name, a_type, kw_only))
    for name, value in list(cls.__dict__.items()):
        if isinstance(value, Field) and name not in annotations:
            raise TypeError('%r is a field but has no type annotation'
                            % (name,))
    return own


def _replace_field_defaults(cls, own):
    # The class attribute becomes the plain default (or goes away).
    for f in own:
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)


def _add_init(cls, fields, frozen):
    all_init_fields = [f for f in fields.values()
                       if f._field_type in (_FIELD, _FIELD_INITVAR)]
    std_fields = [f for f in all_init_fields if f.init and not f.kw_only]
    kw_fields = [f for f in all_init_fields if f.init and f.kw_only]
    self_name = '__dataclass_self__' if 'self' in fields else 'self'
    init = _methods.make_init(cls, all_init_fields, std_fields, kw_fields,
                              frozen, hasattr(cls, _POST_INIT_NAME),
                              self_name)
    _set_new_attribute(cls, '__init__', init)
    return std_fields


def _add_comparisons(cls, field_list, eq, order):
    compared = [f for f in field_list if f.compare]
    if eq:
        _set_new_attribute(cls, '__eq__',
                           _methods.make_comparison('__eq__', compared))
    if order:
        for name in ('__lt__', '__le__', '__gt__', '__ge__'):
            if _set_new_attribute(cls, name,
                                  _methods.make_comparison(name, compared)):
                raise TypeError('Cannot overwrite attribute %s in class %s. '
                                'Consider using functools.total_ordering'
                                % (name, cls.__name__))


def _add_hash(cls, field_list, unsafe_hash, eq, frozen):
    """CPython's table: eq without frozen makes instances unhashable;
    eq with frozen, or unsafe_hash, hashes the compared fields; an explicit
    __hash__ is kept (unsafe_hash then is an error)."""
    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING or
                             (class_hash is None and '__eq__' in cls.__dict__))
    if unsafe_hash:
        if has_explicit_hash:
            raise TypeError('Cannot overwrite attribute __hash__ in class %s'
                            % (cls.__name__,))
        action = 'add'
    elif not eq or has_explicit_hash:
        return
    else:
        action = 'add' if frozen else 'none'
    if action == 'none':
        cls.__hash__ = None
    else:
        method = _methods.make_hash(field_list)
        method.__qualname__ = '%s.__hash__' % (cls.__qualname__,)
        cls.__hash__ = method


def _document(cls):
    if getattr(cls, '__doc__'):
        return
    init = cls.__dict__.get('__init__') or getattr(cls, '__init__', None)
    signature = getattr(init, '_dataclass_signature', None)
    if signature is None:
        signature = '()' if init is object.__init__ else '(*args, **kwargs)'
    cls.__doc__ = cls.__name__ + signature


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen,
                   match_args, kw_only, slots, weakref_slot):
    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order,
                                           unsafe_hash, frozen))
    fields, has_dataclass_bases, any_frozen_base = _inherited_fields(cls)
    own = _own_fields(cls, kw_only)
    for f in own:
        fields[f.name] = f
    _replace_field_defaults(cls, own)
    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a '
                            'frozen one')
        if not any_frozen_base and frozen:
            raise TypeError('cannot inherit frozen dataclass from a '
                            'non-frozen one')
    setattr(cls, _FIELDS, fields)
    if order and not eq:
        raise ValueError('eq must be true if order is true')
    std_fields = None
    if init:
        std_fields = _add_init(cls, fields, frozen)
    field_list = [f for f in fields.values() if f._field_type is _FIELD]
    if repr:
        _set_new_attribute(cls, '__repr__', _methods.make_repr(
            [f for f in field_list if f.repr]))
    _add_comparisons(cls, field_list, eq, order)
    if frozen:
        for method in _methods.make_frozen_methods(cls, field_list):
            name = method.__name__
            if _set_new_attribute(cls, name, method):
                raise TypeError('Cannot overwrite attribute %s in class %s'
                                % (name, cls.__name__))
    _add_hash(cls, field_list, unsafe_hash, eq, frozen)
    _document(cls)
    if match_args:
        if std_fields is None:
            std_fields = [f for f in fields.values()
                          if f._field_type in (_FIELD, _FIELD_INITVAR)
                          and f.init and not f.kw_only]
        _set_new_attribute(cls, '__match_args__',
                           tuple([f.name for f in std_fields]))
    if weakref_slot and not slots:
        raise TypeError('weakref_slot is True but slots is False')
    # slots=True: backstep has no __slots__; the class keeps its __dict__.
    abc.update_abstractmethods(cls)
    return cls


def dataclass(cls=None, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True,
              kw_only=False, slots=False, weakref_slot=False):
    """Add dunder methods based on the fields defined in the class.

    Examines PEP 526 __annotations__ to determine fields.  Used as
    @dataclass or @dataclass(init=..., repr=..., eq=..., order=...,
    unsafe_hash=..., frozen=..., match_args=..., kw_only=...)."""

    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash,
                              frozen, match_args, kw_only, slots,
                              weakref_slot)

    if cls is None:
        return wrap
    return wrap(cls)
