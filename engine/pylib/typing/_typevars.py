"""Type variables: TypeVar, ParamSpec (with P.args / P.kwargs) and
TypeVarTuple."""

from typing._base import (known, _Final, _type_check, _is_param_expr,
                          caller_module)


class _Immutable(object):
    """Type variables are their own copies."""

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class _BoundVarianceMixin(object):

    def _set_bound_and_variance(self, bound, covariant, contravariant):
        if covariant and contravariant:
            raise ValueError('Bivariant types are not supported.')
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        if bound:
            self.__bound__ = _type_check(bound, 'Bound must be a type.')
        else:
            self.__bound__ = None

    def __or__(self, right):
        return known.Union[self, right]

    def __ror__(self, left):
        return known.Union[left, self]

    def __repr__(self):
        if self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__

    def __reduce__(self):
        return self.__name__


class TypeVar(_Final, _Immutable, _BoundVarianceMixin, _root=True):
    """Type variable: T = TypeVar('T'), optionally constrained
    (TypeVar('A', str, bytes)), bound, covariant or contravariant."""

    def __init__(self, name, *constraints, bound=None, covariant=False,
                 contravariant=False):
        self.__name__ = name
        self._set_bound_and_variance(bound, covariant, contravariant)
        if constraints and bound is not None:
            raise TypeError('Constraints cannot be combined with bound=...')
        if constraints and len(constraints) == 1:
            raise TypeError('A single constraint is not allowed')
        msg = 'TypeVar(name, constraint, ...): constraints must be types.'
        self.__constraints__ = tuple([_type_check(t, msg)
                                      for t in constraints])
        module = caller_module()
        if module != 'typing':
            self.__module__ = module

    def __typing_subst__(self, arg):
        msg = 'Parameters to generic types must be types.'
        arg = _type_check(arg, msg, is_argument=True)
        if isinstance(arg, known._GenericAlias) and \
                arg.__origin__ is known.Unpack:
            raise TypeError('%s is not valid as type argument' % (arg,))
        return arg


class TypeVarTuple(_Final, _Immutable, _root=True):
    """Type variable tuple (PEP 646): Ts = TypeVarTuple('Ts')."""

    def __init__(self, name):
        self.__name__ = name
        module = caller_module()
        if module != 'typing':
            self.__module__ = module

    def __iter__(self):
        yield known.Unpack[self]

    def __repr__(self):
        return self.__name__

    def __typing_subst__(self, arg):
        raise TypeError('Substitution of bare TypeVarTuple is not supported')


class ParamSpecArgs(_Final, _Immutable, _root=True):
    """P.args: the positional arguments of a ParamSpec."""

    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return '%s.args' % (self.__origin__.__name__,)

    def __eq__(self, other):
        if not isinstance(other, ParamSpecArgs):
            return NotImplemented
        return self.__origin__ == other.__origin__

    def __hash__(self):
        return hash(self.__origin__)


class ParamSpecKwargs(_Final, _Immutable, _root=True):
    """P.kwargs: the keyword arguments of a ParamSpec."""

    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return '%s.kwargs' % (self.__origin__.__name__,)

    def __eq__(self, other):
        if not isinstance(other, ParamSpecKwargs):
            return NotImplemented
        return self.__origin__ == other.__origin__

    def __hash__(self):
        return hash(self.__origin__)


class ParamSpec(_Final, _Immutable, _BoundVarianceMixin, _root=True):
    """Parameter specification variable: P = ParamSpec('P')."""

    @property
    def args(self):
        return ParamSpecArgs(self)

    @property
    def kwargs(self):
        return ParamSpecKwargs(self)

    def __init__(self, name, *, bound=None, covariant=False,
                 contravariant=False):
        self.__name__ = name
        self._set_bound_and_variance(bound, covariant, contravariant)
        module = caller_module()
        if module != 'typing':
            self.__module__ = module

    def __typing_subst__(self, arg):
        if isinstance(arg, (list, tuple)):
            arg = tuple([_type_check(a, 'Expected a type.') for a in arg])
        elif not _is_param_expr(arg):
            raise TypeError('Expected a list of types, an ellipsis, '
                            'ParamSpec, or Concatenate. Got %s' % (arg,))
        return arg

    def __typing_prepare_subst__(self, alias, args):
        params = alias.__parameters__
        position = params.index(self)
        if position >= len(args):
            raise TypeError('Too few arguments for %s' % (alias,))
        if len(params) == 1 and not _is_param_expr(args[0]):
            args = (args,)
        elif isinstance(args[position], list):
            args = tuple(args[:position]) + (tuple(args[position]),) + \
                tuple(args[position + 1:])
        return args


for _cls in (_Immutable, _BoundVarianceMixin, TypeVar, TypeVarTuple,
             ParamSpecArgs, ParamSpecKwargs, ParamSpec):
    _cls.__module__ = 'typing'
    setattr(known, _cls.__name__, _cls)
del _cls
