"""The methods @dataclass adds, built as closures over the field list.

CPython writes these as source text and exec()s it; backstep has no exec,
so each is a generic function reading the field names it was made with.
__init__ binds its arguments with _argbind, which reproduces CPython's
call errors ("Point.__init__() missing 1 required positional argument:
'y'").
"""

from types import GenericAlias
from _argbind import bind, REQUIRED
from dataclasses._fields import (MISSING, _HAS_DEFAULT_FACTORY,
                                 _FIELD_INITVAR, FrozenInstanceError)


def _parameter_default(f):
    if f.default_factory is not MISSING:
        return _HAS_DEFAULT_FACTORY
    if f.default is not MISSING:
        return f.default
    return REQUIRED


def _check_default_order(std_fields):
    seen_default = False
    for f in std_fields:
        if f.default is MISSING and f.default_factory is MISSING:
            if seen_default:
                raise TypeError('non-default argument %r follows default '
                                'argument' % (f.name,))
        else:
            seen_default = True


def _assignment_plan(all_init_fields, positions):
    """[(field name, index into the bound values or -1, factory or None)]
    in field order; InitVars are not stored."""
    plan = []
    for f in all_init_fields:
        if f._field_type is _FIELD_INITVAR:
            continue
        factory = None if f.default_factory is MISSING else f.default_factory
        if f.init:
            plan.append((f.name, positions[f.name], factory))
        elif factory is not None:
            plan.append((f.name, -1, factory))
    return plan


def make_init(cls, all_init_fields, std_fields, kw_fields, frozen,
              has_post_init, self_name):
    _check_default_order(std_fields)
    names = [f.name for f in std_fields]
    defaults = [_parameter_default(f) for f in std_fields]
    kwonly = [f.name for f in kw_fields]
    kwonly_defaults = {}
    for f in kw_fields:
        default = _parameter_default(f)
        if default is not REQUIRED:
            kwonly_defaults[f.name] = default
    positions = {}
    for index, name in enumerate(names + kwonly):
        positions[name] = index
    plan = _assignment_plan(all_init_fields, positions)
    initvars = [positions.get(f.name, -1) for f in all_init_fields
                if f._field_type is _FIELD_INITVAR]
    qualname = cls.__qualname__ + '.__init__'
    count = len(names)
    fast = not kwonly
    store = object.__setattr__ if frozen else setattr

    # The instance parameter has a name no field can collide with, so
    # that a field called `self` arrives in kwargs like any other.
    def __init__(__dataclass_self__, *args, **kwargs):
        if fast and not kwargs and len(args) == count:
            values = args
        else:
            values = bind(qualname, self_name, names, defaults, kwonly,
                          kwonly_defaults, args, kwargs)
        for name, position, factory in plan:
            if position < 0:
                value = factory()
            else:
                value = values[position]
                if factory is not None and value is _HAS_DEFAULT_FACTORY:
                    value = factory()
            store(__dataclass_self__, name, value)
        if has_post_init:
            __dataclass_self__.__post_init__(*[values[p] for p in initvars])

    __init__._dataclass_signature = _signature_text(std_fields, kw_fields,
                                                    cls.__module__)
    return __init__


# ---- the signature text in the generated __doc__ ------------------------------------

def _strip_typing_prefixes(text):
    """What inspect.formatannotation does to typing objects' reprs: drop
    'typing.' from the start of every dotted name."""
    pieces = []
    position = 0
    while position < len(text):
        start = position
        while position < len(text) and (text[position].isalnum()
                                        or text[position] in '_.'):
            position += 1
        if position > start:
            word = text[start:position]
            if word.startswith('typing.'):
                word = word[len('typing.'):]
            pieces.append(word)
        else:
            pieces.append(text[position])
            position += 1
    return ''.join(pieces)


def _format_annotation(annotation):
    if getattr(annotation, '__module__', None) == 'typing':
        return _strip_typing_prefixes(repr(annotation))
    if isinstance(annotation, GenericAlias):
        return str(annotation)
    if isinstance(annotation, type):
        if annotation.__module__ == 'builtins':
            return annotation.__qualname__
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


def _parameter_text(f):
    text = '%s: %s' % (f.name, _format_annotation(f.type))
    default = _parameter_default(f)
    if default is not REQUIRED:
        text += ' = %r' % (default,)
    return text


def _signature_text(std_fields, kw_fields, module):
    parts = [_parameter_text(f) for f in std_fields]
    if kw_fields:
        parts.append('*')
        parts.extend([_parameter_text(f) for f in kw_fields])
    return '(' + ', '.join(parts) + ')'


# ---- __repr__, comparisons, hash, frozen ---------------------------------------

def make_repr(fields):
    names = [f.name for f in fields]
    running = set()      # ids being printed: a recursive repr shows ...

    def __repr__(self):
        key = id(self)
        if key in running:
            return '...'
        running.add(key)
        try:
            parts = ['%s=%r' % (name, getattr(self, name)) for name in names]
        finally:
            running.discard(key)
        return self.__class__.__qualname__ + '(' + ', '.join(parts) + ')'
    return __repr__


def _field_tuple(obj, names):
    return tuple([getattr(obj, name) for name in names])


def make_comparison(name, fields):
    """__eq__, __lt__, ...: compare the field tuples of two instances of
    exactly the same class, else NotImplemented."""
    names = [f.name for f in fields]
    compare = _COMPARISONS[name]

    def method(self, other):
        if other.__class__ is self.__class__:
            return compare(_field_tuple(self, names),
                           _field_tuple(other, names))
        return NotImplemented
    method.__name__ = name
    return method


def _eq(a, b):
    return a == b


def _lt(a, b):
    return a < b


def _le(a, b):
    return a <= b


def _gt(a, b):
    return a > b


def _ge(a, b):
    return a >= b


_COMPARISONS = {'__eq__': _eq, '__lt__': _lt, '__le__': _le, '__gt__': _gt,
                '__ge__': _ge}


def make_hash(fields):
    names = [f.name for f in fields
             if (f.compare if f.hash is None else f.hash)]

    def __hash__(self):
        return hash(_field_tuple(self, names))
    return __hash__


def make_frozen_methods(cls, fields):
    field_names = tuple([f.name for f in fields])

    def __setattr__(self, name, value):
        if type(self) is cls or name in field_names:
            raise FrozenInstanceError('cannot assign to field %r' % (name,))
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in field_names:
            raise FrozenInstanceError('cannot delete field %r' % (name,))
        super(cls, self).__delattr__(name)
    return [__setattr__, __delattr__]
