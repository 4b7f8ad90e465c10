"""Working with dataclass instances: fields, asdict, astuple, replace,
is_dataclass, make_dataclass."""

import copy
import types
from dataclasses._fields import (MISSING, _FIELD, _FIELD_CLASSVAR,
                                 _FIELD_INITVAR)
from dataclasses._process import dataclass, _FIELDS

# keyword.kwlist of Python 3.11 (for make_dataclass's field names).
_KEYWORDS = frozenset([
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await',
    'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except',
    'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is',
    'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try',
    'while', 'with', 'yield'])


def fields(class_or_instance):
    """The Field objects of a dataclass or instance, in order (ClassVar and
    InitVar pseudo-fields left out)."""
    try:
        all_fields = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') \
            from None
    return tuple([f for f in all_fields.values() if f._field_type is _FIELD])


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def is_dataclass(obj):
    """Returns True if obj is a dataclass or an instance of a dataclass."""
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def asdict(obj, *, dict_factory=dict):
    """The fields of a dataclass instance as a dict, recursing into
    dataclasses, lists, tuples and dicts (other values are deep-copied)."""
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name),
                                                     dict_factory))
                             for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)([_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, dict):
        return type(obj)([(_asdict_inner(k, dict_factory),
                           _asdict_inner(v, dict_factory))
                          for k, v in obj.items()])
    return copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    """The field values of a dataclass instance as a tuple, recursing like
    asdict."""
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name),
                                             tuple_factory)
                              for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)([_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, dict):
        return type(obj)([(_astuple_inner(k, tuple_factory),
                           _astuple_inner(v, tuple_factory))
                          for k, v in obj.items()])
    return copy.deepcopy(obj)


def replace(*args, **changes):
    """A new instance like obj with some fields changed (through the
    class's __init__, so __post_init__ runs again)."""
    if len(args) != 1:
        if not args:
            raise TypeError("replace() missing 1 required positional "
                            "argument: 'obj'")
        raise TypeError('replace() takes 1 positional argument but %d were '
                        'given' % len(args))
    obj = args[0]
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in getattr(obj, _FIELDS).values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError('field %s is declared with init=False, it '
                                 'cannot be specified with replace()'
                                 % (f.name,))
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError('InitVar %r must be specified with replace()'
                                 % (f.name,))
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True,
                   repr=True, eq=True, order=False, unsafe_hash=False,
                   frozen=False, match_args=True, kw_only=False, slots=False,
                   weakref_slot=False):
    """Create a dataclass from a list of field names, (name, type) or
    (name, type, Field) items."""
    if namespace is None:
        namespace = {}
    seen = set()
    annotations = {}
    defaults = {}
    for item in fields:
        if isinstance(item, str):
            name = item
            tp = 'typing.Any'
        elif len(item) == 2:
            name, tp = item
        elif len(item) == 3:
            name, tp, spec = item
            defaults[name] = spec
        else:
            raise TypeError('Invalid field: %r' % (item,))
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError('Field names must be valid identifiers: %r'
                            % (name,))
        if name in _KEYWORDS:
            raise TypeError('Field names must not be keywords: %r' % (name,))
        if name in seen:
            raise TypeError('Field name duplicated: %r' % (name,))
        seen.add(name)
        annotations[name] = tp

    def exec_body(ns):
        # CPython 3.11 creates the class inside types.new_class, which
        # leaves its __module__ as 'types'.
        ns['__module__'] = 'types'
        ns.update(namespace)
        ns.update(defaults)
        ns['__annotations__'] = annotations

    cls = types.new_class(cls_name, bases, {}, exec_body)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order,
                     unsafe_hash=unsafe_hash, frozen=frozen,
                     match_args=match_args, kw_only=kw_only, slots=slots,
                     weakref_slot=weakref_slot)
