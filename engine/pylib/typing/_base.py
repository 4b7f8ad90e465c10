"""Shared machinery of the typing package: how types print inside
subscripts, the type check applied to subscript arguments, and collecting
type variables.

The typing objects refer to each other in circles (Union's result is a
generic alias whose | builds a Union...), so each module records what it
defines in `known`, and code reads `known.Union` etc. when it runs.
"""

import sys
import types
import _backstep


class known(object):
    """Filled in by the modules of the typing package as they load."""


def _is_dunder(name):
    return name.startswith('__') and name.endswith('__')


def caller_module(depth=1):
    """__name__ of the module `depth` frames above the caller of the
    function that calls this (CPython's typing._caller)."""
    return _backstep.caller_module_name(depth + 1)


class _Final(object):
    """Mixin to prohibit subclassing"""

    def __init_subclass__(cls, *args, **kwds):
        if '_root' not in kwds:
            raise TypeError('Cannot subclass special typing classes')


class _TypingEllipsis(object):
    """Internal placeholder for ... (ellipsis)."""


def _type_repr(obj):
    """How an object appears inside a subscript: builtins by bare name,
    other classes as module.qualname, ... as '...', functions by name."""
    if isinstance(obj, types.GenericAlias):
        return repr(obj)
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return '%s.%s' % (obj.__module__, obj.__qualname__)
    if obj is Ellipsis:
        return '...'
    if isinstance(obj, types.FunctionType):
        return obj.__name__
    return repr(obj)


def _type_convert(arg, module=None, allow_special_forms=False):
    """None becomes NoneType; a string becomes a ForwardRef."""
    if arg is None:
        return type(None)
    if isinstance(arg, str):
        return known.ForwardRef(arg, module=module,
                                is_class=allow_special_forms)
    return arg


def _type_check(arg, msg, is_argument=True, module=None,
                allow_special_forms=False):
    """Check a subscript argument is usable as a type, and return it
    (converted by _type_convert)."""
    invalid_generic_forms = (known.Generic, known.Protocol)
    if not allow_special_forms:
        invalid_generic_forms += (known.ClassVar,)
        if is_argument:
            invalid_generic_forms += (known.Final,)
    arg = _type_convert(arg, module, allow_special_forms)
    if isinstance(arg, known._GenericAlias) and \
            arg.__origin__ in invalid_generic_forms:
        raise TypeError('%s is not valid as type argument' % (arg,))
    if arg in (known.Any, known.LiteralString, known.NoReturn, known.Never,
               known.Self, known.TypeAlias):
        return arg
    if allow_special_forms and arg in (known.ClassVar, known.Final):
        return arg
    if isinstance(arg, known._SpecialForm) or \
            arg in (known.Generic, known.Protocol):
        raise TypeError('Plain %s is not valid as type argument' % (arg,))
    if type(arg) is tuple:
        raise TypeError('%s Got %s.' % (msg, repr(arg)[:100]))
    return arg


def _collect_parameters(args):
    """The type variables in args, in order of first appearance."""
    parameters = []
    for t in args:
        if isinstance(t, type):
            continue
        if hasattr(t, '__typing_subst__'):
            if t not in parameters:
                parameters.append(t)
        else:
            for x in getattr(t, '__parameters__', ()):
                if x not in parameters:
                    parameters.append(x)
    return tuple(parameters)


def _check_generic(cls, parameters, elen):
    """Check the number of subscript arguments."""
    if not elen:
        raise TypeError('%s is not a generic class' % (cls,))
    alen = len(parameters)
    if alen != elen:
        raise TypeError('Too %s arguments for %s; actual %d, expected %d'
                        % ('many' if alen > elen else 'few', cls, alen, elen))


def _deduplicate(params):
    """params without repeats, first occurrences kept."""
    result = []
    for p in params:
        if p not in result:
            result.append(p)
    return result


def _remove_dups_flatten(parameters):
    """Union arguments: nested unions flattened, repeats removed."""
    params = []
    union_type = getattr(types, 'UnionType', None)
    for p in parameters:
        if isinstance(p, known._UnionGenericAlias) or \
                (union_type is not None and isinstance(p, union_type)):
            params.extend(p.__args__)
        else:
            params.append(p)
    return tuple(_deduplicate(params))


def _is_typevar_like(x):
    return isinstance(x, (known.TypeVar, known.ParamSpec)) or \
        isinstance(x, known.TypeVarTuple)


def _is_param_expr(arg):
    return arg is Ellipsis or isinstance(
        arg, (tuple, list, known.ParamSpec, known._ConcatenateGenericAlias))
