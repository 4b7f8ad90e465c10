"""collections.namedtuple: tuple subclasses with named fields.

CPython builds the class's __new__ from source text with eval; backstep has
no eval, so __new__ takes (*args, **kwargs) and binds them with _argbind,
which reports wrong calls with CPython's messages ("Point.__new__() missing
1 required positional argument: 'y'").  Fields are read through
_tuplegetter descriptors, and __setattr__ stands in for CPython's
`__slots__ = ()`: instances of the generated class take no new attributes.
"""

import _backstep
from _argbind import bind, REQUIRED

# keyword.kwlist of Python 3.11: these cannot name a type or a field.
_KEYWORDS = frozenset([
    'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await',
    'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except',
    'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is',
    'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try',
    'while', 'with', 'yield'])


class _tuplegetter(object):
    """Read-only attribute for one field: the tuple item at `index`."""

    def __init__(self, index, doc):
        self._index = index
        self.__doc__ = doc

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return instance[self._index]

    def __set__(self, instance, value):
        raise AttributeError("can't set attribute")

    def __delete__(self, instance):
        raise AttributeError("can't delete attribute")

    def __repr__(self):
        return '_tuplegetter(%d, %r)' % (self._index, self.__doc__)


_tuplegetter.__module__ = '_collections'


def _clean_field_names(field_names, rename):
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = [str(name) for name in field_names]
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or name in _KEYWORDS
                    or name.startswith('_') or name in seen):
                field_names[index] = '_%d' % index
            seen.add(name)
    return field_names


def _validate_names(typename, field_names, rename):
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid '
                             'identifiers: %r' % (name,))
        if name in _KEYWORDS:
            raise ValueError('Type names and field names cannot be a '
                             'keyword: %r' % (name,))
    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError('Field names cannot start with an underscore: '
                             '%r' % (name,))
        if name in seen:
            raise ValueError('Encountered duplicate field name: %r' % (name,))
        seen.add(name)


def _field_defaults(field_names, defaults):
    """{field: default} for the last len(defaults) fields, in field order."""
    if defaults is None:
        return {}
    defaults = tuple(defaults)
    if len(defaults) > len(field_names):
        raise TypeError('Got more default values than field names')
    first = len(field_names) - len(defaults)
    return dict(zip(field_names[first:], defaults))


def _make_new(typename, field_names, field_defaults):
    count = len(field_names)
    defaults = [field_defaults.get(name, REQUIRED) for name in field_names]
    qualname = typename + '.__new__'

    def __new__(_cls, *args, **kwargs):
        if not kwargs and len(args) == count:
            return tuple.__new__(_cls, args)
        values = bind(qualname, '_cls', field_names, defaults, (), {},
                      args, kwargs)
        return tuple.__new__(_cls, values)

    __new__.__qualname__ = qualname
    __new__.__doc__ = 'Create new instance of %s(%s)' % (
        typename, ', '.join(field_names))
    return __new__


def _make_methods(typename, field_names, generated):
    """The methods every namedtuple class has, as (name, function)."""
    count = len(field_names)
    fields = tuple(field_names)
    field_set = frozenset(field_names)
    repr_format = '(' + ', '.join([name + '=%r' for name in fields]) + ')'

    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != count:
            raise TypeError('Expected %d arguments, got %d'
                            % (count, len(result)))
        return result

    def _replace(self, **kwds):
        result = self._make([kwds.pop(name, value)
                             for name, value in zip(fields, self)])
        if kwds:
            raise ValueError('Got unexpected field names: %r' % (list(kwds),))
        return result

    def __repr__(self):
        'Return a nicely formatted representation string'
        return type(self).__name__ + repr_format % tuple(self)

    def _asdict(self):
        'Return a new dict which maps field names to their values.'
        return dict(zip(fields, self))

    def __getnewargs__(self):
        'Return self as a plain tuple.  Used by copy and pickle.'
        return tuple(self)

    def __setattr__(self, name, value):
        # CPython's `__slots__ = ()`: the generated class has no instance
        # dict, but a subclass without __slots__ brings one back.
        if name in field_set:
            raise AttributeError("can't set attribute")
        if not _has_instance_dict(type(self), generated[0]):
            raise AttributeError("'%s' object has no attribute '%s'"
                                 % (type(self).__name__, name))
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in field_set:
            raise AttributeError("can't delete attribute")
        if not _has_instance_dict(type(self), generated[0]):
            raise AttributeError("'%s' object has no attribute '%s'"
                                 % (type(self).__name__, name))
        object.__delattr__(self, name)

    _make.__doc__ = 'Make a new %s object from a sequence or iterable' % (
        typename,)
    _replace.__doc__ = ('Return a new %s object replacing specified fields '
                        'with new values' % (typename,))
    return [('_make', classmethod(_make), _make),
            ('_replace', _replace, _replace),
            ('__repr__', __repr__, __repr__),
            ('_asdict', _asdict, _asdict),
            ('__getnewargs__', __getnewargs__, __getnewargs__),
            ('__setattr__', __setattr__, __setattr__),
            ('__delattr__', __delattr__, __delattr__)]


def _has_instance_dict(cls, generated):
    for klass in cls.__mro__:
        if klass is generated:
            return False
        if '__slots__' not in klass.__dict__:
            return True
    return False


def namedtuple(typename, field_names, *, rename=False, defaults=None,
               module=None):
    """Returns a new subclass of tuple with named fields.

    >>> Point = namedtuple('Point', ['x', 'y'])
    >>> Point(11, y=22)
    Point(x=11, y=22)
    """
    field_names = _clean_field_names(field_names, rename)
    typename = str(typename)
    _validate_names(typename, field_names, rename)
    field_defaults = _field_defaults(field_names, defaults)
    generated = []      # filled with the class once it exists
    new = _make_new(typename, field_names, field_defaults)
    namespace = {
        '__doc__': '%s(%s)' % (typename, ', '.join(field_names)),
        '_fields': tuple(field_names),
        '_field_defaults': field_defaults,
        '__new__': staticmethod(new),
        '__match_args__': tuple(field_names),
    }
    for name, value, function in _make_methods(typename, field_names,
                                                generated):
        function.__qualname__ = typename + '.' + function.__name__
        namespace[name] = value
    for index, name in enumerate(field_names):
        namespace[name] = _tuplegetter(index,
                                       'Alias for field number %d' % index)
    result = type(typename, (tuple,), namespace)
    generated.append(result)
    if module is None:
        module = _backstep.caller_module_name(1)
    result.__module__ = module
    return result
