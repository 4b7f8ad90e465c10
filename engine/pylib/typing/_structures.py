"""NamedTuple, TypedDict and NewType."""

import collections
from typing._base import known, _Final, _type_check, caller_module

# ---- NamedTuple ---------------------------------------------------------------------

_PROHIBITED = frozenset(['__new__', '__init__', '__slots__', '__getnewargs__',
                         '_fields', '_field_defaults', '_make', '_replace',
                         '_asdict', '_source'])
_SPECIAL = frozenset(['__module__', '__name__', '__annotations__'])


def _make_nmtuple(name, types, module, defaults=()):
    fields = [n for n, t in types]
    types = dict([(n, _type_check(t, 'field %s annotation must be a type'
                                  % (n,))) for n, t in types])
    nm_tpl = collections.namedtuple(name, fields, defaults=defaults,
                                    module=module)
    nm_tpl.__annotations__ = nm_tpl.__new__.__annotations__ = types
    return nm_tpl


class NamedTupleMeta(type):
    """Metaclass of `class P(NamedTuple)`: builds a collections.namedtuple
    from the class's annotations, defaults and methods."""

    def __new__(cls, typename, bases, ns):
        for base in bases:
            if base is not _NamedTuple and base is not known.Generic:
                raise TypeError('can only inherit from a NamedTuple type and '
                                'Generic')
        types = ns.get('__annotations__', {})
        default_names = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError('Non-default namedtuple field %s cannot '
                                'follow default field%s %s'
                                % (field_name,
                                   's' if len(default_names) > 1 else '',
                                   ', '.join(default_names)))
        nm_tpl = _make_nmtuple(typename, types.items(),
                               defaults=[ns[n] for n in default_names],
                               module=ns['__module__'])
        for key in ns:
            if key in _PROHIBITED:
                raise AttributeError('Cannot overwrite NamedTuple attribute '
                                     + key)
            if key not in _SPECIAL and key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        return nm_tpl


NamedTupleMeta.__module__ = 'typing'
_NamedTuple = type.__new__(NamedTupleMeta, 'NamedTuple', (), {})


def NamedTuple(typename, fields=None, **kwargs):
    """Typed version of namedtuple: class P(NamedTuple): x: int, or
    NamedTuple('P', [('x', int)])."""
    if fields is None:
        fields = kwargs.items()
    elif kwargs:
        raise TypeError('Either list of fields or keywords can be provided '
                        'to NamedTuple, not both')
    return _make_nmtuple(typename, fields, module=caller_module())


def _namedtuple_mro_entries(bases):
    # `class P(NamedTuple)`: the base is the function above; the class
    # statement swaps it for the marker class whose metaclass does the work.
    return (_NamedTuple,)


NamedTuple.__mro_entries__ = _namedtuple_mro_entries


# ---- TypedDict ----------------------------------------------------------------------

class _TypedDictMeta(type):
    """Metaclass of TypedDict classes: they record the keys' types, and
    calling them makes a plain dict."""

    def __new__(cls, name, bases, ns, total=True):
        for base in bases:
            if type(base) is not _TypedDictMeta and base is not known.Generic:
                raise TypeError('cannot inherit from both a TypedDict type '
                                'and a non-TypedDict base class')
        tp_dict = type.__new__(_TypedDictMeta, name, (dict,), ns)
        msg = "TypedDict('Name', {f0: t0, f1: t1, ...}); each t must be a type"
        own = dict([(n, _type_check(tp, msg, module=tp_dict.__module__))
                    for n, tp in ns.get('__annotations__', {}).items()])
        annotations = {}
        required_keys = set()
        optional_keys = set()
        for base in bases:
            annotations.update(base.__dict__.get('__annotations__', {}))
            required_keys.update(base.__dict__.get('__required_keys__', ()))
            optional_keys.update(base.__dict__.get('__optional_keys__', ()))
        annotations.update(own)
        for key, annotation in own.items():
            origin = known.get_origin(annotation)
            if origin is known.Annotated:
                args = known.get_args(annotation)
                if args:
                    origin = known.get_origin(args[0])
            if origin is known.Required:
                required_keys.add(key)
            elif origin is known.NotRequired:
                optional_keys.add(key)
            elif total:
                required_keys.add(key)
            else:
                optional_keys.add(key)
        tp_dict.__annotations__ = annotations
        tp_dict.__required_keys__ = frozenset(required_keys)
        tp_dict.__optional_keys__ = frozenset(optional_keys)
        if not hasattr(tp_dict, '__total__'):
            tp_dict.__total__ = total
        return tp_dict

    def __call__(cls, *args, **kwargs):
        return dict(*args, **kwargs)

    def __subclasscheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')

    __instancecheck__ = __subclasscheck__


_TypedDictMeta.__module__ = 'typing'


def TypedDict(typename, fields=None, *, total=True, **kwargs):
    """A simple typed namespace; at run time it is a plain dict."""
    if fields is None:
        fields = kwargs
    elif kwargs:
        raise TypeError('TypedDict takes either a dict or keyword arguments, '
                        'but not both')
    ns = {'__annotations__': dict(fields)}
    module = caller_module()
    if module is not None:
        ns['__module__'] = module
    return _TypedDictMeta(typename, (), ns, total=total)


_TypedDict = type.__new__(_TypedDictMeta, 'TypedDict', (), {})
TypedDict.__mro_entries__ = lambda bases: (_TypedDict,)


def is_typeddict(tp):
    """Check if an annotation is a TypedDict class."""
    return isinstance(tp, _TypedDictMeta)


# ---- NewType ------------------------------------------------------------------------

class NewType(object):
    """NewType('UserId', int): a distinct name for a type checker; at run
    time calling it returns its argument unchanged."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        if '.' in name:
            name = name.rpartition('.')[-1]
        self.__name__ = name
        self.__supertype__ = tp
        module = caller_module()
        if module != 'typing':
            self.__module__ = module

    def __call__(self, x):
        return x

    def __mro_entries__(self, bases):
        superclass_name = self.__name__

        class Dummy:
            def __init_subclass__(cls):
                subclass_name = cls.__name__
                raise TypeError('Cannot subclass an instance of NewType. '
                                'Perhaps you were looking for: `%s = '
                                'NewType(%r, %s)`' % (subclass_name,
                                                      subclass_name,
                                                      superclass_name))
        return (Dummy,)

    def __repr__(self):
        return '%s.%s' % (self.__module__, self.__qualname__)

    def __reduce__(self):
        return self.__qualname__

    def __or__(self, other):
        return known.Union[self, other]

    def __ror__(self, other):
        return known.Union[other, self]


NewType.__module__ = 'typing'
