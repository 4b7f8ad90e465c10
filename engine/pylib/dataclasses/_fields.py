"""Field descriptions: MISSING, Field and field(), InitVar, KW_ONLY, and how
a class annotation is classified (ordinary field, ClassVar, InitVar)."""

import sys
import types


class _MISSING_TYPE(object):
    pass


MISSING = _MISSING_TYPE()


class _HAS_DEFAULT_FACTORY_CLASS(object):
    def __repr__(self):
        return '<factory>'


# Stands for "call default_factory" where the parameter was not given.
_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _KW_ONLY_TYPE(object):
    pass


KW_ONLY = _KW_ONLY_TYPE()


class _FIELD_BASE(object):
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE('_FIELD')
_FIELD_CLASSVAR = _FIELD_BASE('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FIELD_BASE('_FIELD_INITVAR')


class FrozenInstanceError(AttributeError):
    pass


class InitVar(object):
    """InitVar[T]: a pseudo-field passed to __init__ and __post_init__ but
    not stored."""

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            type_name = self.type.__name__
        else:
            type_name = repr(self.type)
        return 'dataclasses.InitVar[%s]' % (type_name,)

    def __class_getitem__(cls, type):
        return InitVar(type)


def _read_only(mapping):
    try:
        return types.MappingProxyType(mapping)
    except TypeError:
        return mapping


_EMPTY_METADATA = _read_only({})


class Field(object):
    """One field of a dataclass, as field() describes it; the class
    processing fills in name, type and _field_type."""

    def __init__(self, default, default_factory, init, repr, hash, compare,
                 metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = (_EMPTY_METADATA if metadata is None
                         else _read_only(metadata))
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field(name=%r,type=%r,default=%r,default_factory=%r,init=%r,'
                'repr=%r,hash=%r,compare=%r,metadata=%r,kw_only=%r,'
                '_field_type=%s)'
                % (self.name, self.type, self.default, self.default_factory,
                   self.init, self.repr, self.hash, self.compare,
                   self.metadata, self.kw_only, self._field_type))

    def __set_name__(self, owner, name):
        # A descriptor used as a default learns its name too.
        func = getattr(type(self.default), '__set_name__', None)
        if func:
            func(self.default, owner, name)


for _cls in (_MISSING_TYPE, _HAS_DEFAULT_FACTORY_CLASS, _KW_ONLY_TYPE,
             _FIELD_BASE, FrozenInstanceError, InitVar, Field):
    _cls.__module__ = 'dataclasses'
del _cls


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    """Describe a field: its default or default_factory, whether it is in
    __init__, __repr__, comparisons and the hash, metadata, kw_only."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare,
                 metadata, kw_only)


# ---- classifying annotations -------------------------------------------------------

def _is_classvar(a_type, typing):
    return (a_type is typing.ClassVar
            or (type(a_type) is typing._GenericAlias
                and a_type.__origin__ is typing.ClassVar))


def _is_initvar(a_type, dataclasses):
    return a_type is dataclasses.InitVar or type(a_type) is dataclasses.InitVar


def _is_kw_only(a_type, dataclasses):
    return a_type is dataclasses.KW_ONLY


def _take_word(text):
    """(leading run of word characters or None, the rest)."""
    end = 0
    while end < len(text) and (text[end].isalnum() or text[end] == '_'):
        end += 1
    if end == 0:
        return None, text
    return text[:end], text[end:]


def _leading_name(text):
    """For a string annotation: (module name or None, identifier) from
    'ClassVar[int]' or 'typing.ClassVar[int]'; None if it starts with
    neither."""
    first, rest = _take_word(text.lstrip())
    if first is None:
        return None
    rest = rest.lstrip()
    if rest.startswith('.'):
        second, _ = _take_word(rest[1:].lstrip())
        if second is not None:
            return first, second
    return None, first


def _is_type(annotation, cls, a_module, a_type, is_type_predicate):
    """Whether a string annotation names a_type, as the class's module
    sees it ('ClassVar' imported from typing, or 'typing.ClassVar')."""
    found = _leading_name(annotation)
    if found is None:
        return False
    module_name, name = found
    module = sys.modules.get(cls.__module__)
    if module is None:
        return False
    namespace = module.__dict__
    if module_name is not None and namespace.get(module_name) is not a_module:
        return False
    return bool(is_type_predicate(namespace.get(name), a_module))


def _get_field(cls, a_name, a_type, default_kw_only):
    """The Field for annotation `a_name: a_type` of cls."""
    default = getattr(cls, a_name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = a_name
    f.type = a_type
    f._field_type = _FIELD
    typing = sys.modules.get('typing')
    if typing:
        if (_is_classvar(a_type, typing)
                or (isinstance(f.type, str)
                    and _is_type(f.type, cls, typing, typing.ClassVar,
                                 _is_classvar))):
            f._field_type = _FIELD_CLASSVAR
    if f._field_type is _FIELD:
        dataclasses = sys.modules['dataclasses']
        if (_is_initvar(a_type, dataclasses)
                or (isinstance(f.type, str)
                    and _is_type(f.type, cls, dataclasses,
                                 dataclasses.InitVar, _is_initvar))):
            f._field_type = _FIELD_INITVAR
    if f._field_type in (_FIELD_CLASSVAR, _FIELD_INITVAR):
        if f.default_factory is not MISSING:
            raise TypeError('field %s cannot have a default factory'
                            % (f.name,))
    if f._field_type in (_FIELD, _FIELD_INITVAR):
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    elif f.kw_only is not MISSING:
        raise TypeError('field %s is a ClassVar but specifies kw_only'
                        % (f.name,))
    if f._field_type is _FIELD and type(f.default).__hash__ is None:
        raise ValueError('mutable default %s for field %s is not allowed: '
                         'use default_factory' % (type(f.default), f.name))
    return f
