"""ForwardRef, get_type_hints, get_origin/get_args and the small helpers:
cast, overload, final, no_type_check, assert_type, assert_never,
reveal_type, dataclass_transform."""

import sys
import types
import collections.abc
from typing._base import known, _Final, _type_check
from typing._evaluate import evaluate


class ForwardRef(_Final, _root=True):
    """A string annotation ('Node'), resolved when type hints are
    evaluated."""

    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError('Forward reference must be a string -- got %r'
                            % (arg,))
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_is_argument__ = is_argument
        self.__forward_is_class__ = is_class
        self.__forward_module__ = module

    def _evaluate(self, globalns, localns, recursive_guard):
        if self.__forward_arg__ in recursive_guard:
            return self
        if not self.__forward_evaluated__ or localns is not globalns:
            if globalns is None and localns is None:
                globalns = localns = {}
            elif globalns is None:
                globalns = localns
            elif localns is None:
                localns = globalns
            if self.__forward_module__ is not None:
                globalns = getattr(sys.modules.get(self.__forward_module__),
                                   '__dict__', globalns)
            value = _type_check(
                evaluate(self.__forward_arg__, globalns, localns),
                'Forward references must evaluate to types.',
                is_argument=self.__forward_is_argument__,
                allow_special_forms=self.__forward_is_class__)
            self.__forward_value__ = _eval_type(
                value, globalns, localns,
                recursive_guard | frozenset([self.__forward_arg__]))
            self.__forward_evaluated__ = True
        return self.__forward_value__

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        if self.__forward_evaluated__ and other.__forward_evaluated__:
            return (self.__forward_arg__ == other.__forward_arg__ and
                    self.__forward_value__ == other.__forward_value__)
        return (self.__forward_arg__ == other.__forward_arg__ and
                self.__forward_module__ == other.__forward_module__)

    def __hash__(self):
        return hash((self.__forward_arg__, self.__forward_module__))

    def __or__(self, other):
        return known.Union[self, other]

    def __ror__(self, other):
        return known.Union[other, self]

    def __repr__(self):
        if self.__forward_module__ is None:
            module_repr = ''
        else:
            module_repr = ', module=%r' % (self.__forward_module__,)
        return 'ForwardRef(%r%s)' % (self.__forward_arg__, module_repr)


ForwardRef.__module__ = 'typing'
known.ForwardRef = ForwardRef


def _eval_type(t, globalns, localns, recursive_guard=frozenset()):
    """Resolve the ForwardRefs in t, recursively through its arguments."""
    if isinstance(t, ForwardRef):
        return t._evaluate(globalns, localns, recursive_guard)
    if isinstance(t, types.GenericAlias):
        args = tuple([ForwardRef(a) if isinstance(a, str) else a
                      for a in t.__args__])
        evaluated = tuple([_eval_type(a, globalns, localns, recursive_guard)
                           for a in args])
        if evaluated == t.__args__:
            return t
        return types.GenericAlias(t.__origin__, evaluated)
    if isinstance(t, known._GenericAlias):
        evaluated = tuple([_eval_type(a, globalns, localns, recursive_guard)
                           for a in t.__args__])
        if evaluated == t.__args__:
            return t
        return t.copy_with(evaluated)
    return t


def _module_namespace(module_name):
    return getattr(sys.modules.get(module_name), '__dict__', {})


def _strip_annotations(t):
    """Annotated[T, ...] -> T, Required[T] -> T, throughout t."""
    if isinstance(t, known._AnnotatedAlias):
        return _strip_annotations(t.__origin__)
    if hasattr(t, '__origin__') and \
            t.__origin__ in (known.Required, known.NotRequired):
        return _strip_annotations(t.__args__[0])
    if isinstance(t, known._GenericAlias):
        stripped = tuple([_strip_annotations(a) for a in t.__args__])
        if stripped == t.__args__:
            return t
        return t.copy_with(stripped)
    return t


def _resolve(value, globalns, localns, is_argument, is_class):
    if value is None:
        value = type(None)
    if isinstance(value, str):
        value = ForwardRef(value, is_argument=is_argument, is_class=is_class)
    return _eval_type(value, globalns, localns)


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """The annotations of a class (with its bases), module or function,
    with string annotations evaluated and None replaced by NoneType."""
    if getattr(obj, '__no_type_check__', None):
        return {}
    hints = {}
    if isinstance(obj, type):
        for base in reversed(obj.__mro__):
            base_globals = _module_namespace(base.__module__) \
                if globalns is None else globalns
            annotations = base.__dict__.get('__annotations__', {})
            if not isinstance(annotations, dict):
                annotations = {}
            base_locals = dict(vars(base)) if localns is None else localns
            if localns is None and globalns is None:
                # The class namespace is consulted first for names.
                base_globals, base_locals = base_locals, base_globals
            for name, value in annotations.items():
                hints[name] = _resolve(value, base_globals, base_locals,
                                       False, True)
    else:
        if globalns is None:
            if isinstance(obj, types.ModuleType):
                globalns = obj.__dict__
            else:
                inner = obj
                while hasattr(inner, '__wrapped__'):
                    inner = inner.__wrapped__
                globalns = getattr(inner, '__globals__', None)
                if globalns is None:
                    globalns = _module_namespace(
                        getattr(inner, '__module__', None))
            if localns is None:
                localns = globalns
        elif localns is None:
            localns = globalns
        annotations = getattr(obj, '__annotations__', None)
        if annotations is None:
            if callable(obj) or isinstance(obj, types.ModuleType):
                return {}
            raise TypeError('%r is not a module, class, method, or function.'
                            % (obj,))
        for name, value in dict(annotations).items():
            hints[name] = _resolve(value, globalns, localns,
                                   not isinstance(obj, types.ModuleType),
                                   False)
    if include_extras:
        return hints
    return dict([(k, _strip_annotations(t)) for k, t in hints.items()])


def get_origin(tp):
    """The unsubscripted version of a type: get_origin(List[int]) is list,
    get_origin(Union[int, str]) is Union, otherwise None."""
    if isinstance(tp, known._AnnotatedAlias):
        return known.Annotated
    if isinstance(tp, (known._BaseGenericAlias, types.GenericAlias,
                       known.ParamSpecArgs, known.ParamSpecKwargs)):
        return tp.__origin__
    if tp is known.Generic:
        return known.Generic
    union_type = getattr(types, 'UnionType', None)
    if union_type is not None and isinstance(tp, union_type):
        return union_type
    return None


def get_args(tp):
    """The arguments of a subscripted type, with Callable's argument list
    kept as a list: get_args(Callable[[int], str]) == ([int], str)."""
    if isinstance(tp, known._AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, (known._GenericAlias, types.GenericAlias)):
        result = tp.__args__
        if _should_unflatten_callable_args(tp, result):
            result = (list(result[:-1]), result[-1])
        return result
    union_type = getattr(types, 'UnionType', None)
    if union_type is not None and isinstance(tp, union_type):
        return tp.__args__
    return ()


def _should_unflatten_callable_args(tp, args):
    if tp.__origin__ is not collections.abc.Callable:
        return False
    return not (len(args) == 2 and (args[0] is Ellipsis or
                                    isinstance(args[0], known.ParamSpec)))


known.get_origin = get_origin
known.get_args = get_args


def cast(typ, val):
    """Cast a value to a type: returns val unchanged (for type checkers)."""
    return val


def assert_type(val, typ):
    """Ask a static type checker to confirm val has type typ; returns val."""
    return val


def assert_never(arg):
    """Statically assert that a line of code is unreachable."""
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + '...'
    raise AssertionError('Expected code to be unreachable, but got: %s'
                         % (value,))


def reveal_type(obj):
    """Print the runtime type of obj to stderr and return it."""
    print('Runtime type is %r' % (type(obj).__name__,), file=sys.stderr)
    return obj


def _overload_dummy(*args, **kwds):
    """Helper for @overload to raise when called."""
    raise NotImplementedError(
        'You should not call an overloaded function. A series of @overload-'
        'decorated functions outside a stub module should always be followed '
        'by an implementation that is not @overload-ed.')


# module -> qualname -> overloads in definition order.  (CPython keys them
# by first line number; definition order is what that amounts to.)
_overload_registry = {}


def overload(func):
    """Decorator for overloaded functions/methods: the decorated
    definitions are for type checkers; calling one raises."""
    f = getattr(func, '__func__', func)
    try:
        by_module = _overload_registry.setdefault(f.__module__, {})
        by_module.setdefault(f.__qualname__, []).append(func)
    except AttributeError:
        pass
    return _overload_dummy


def get_overloads(func):
    """Return all defined overloads for *func* as a sequence."""
    f = getattr(func, '__func__', func)
    return list(_overload_registry.get(f.__module__, {}).get(
        f.__qualname__, []))


def clear_overloads():
    """Clear all overloads in the registry."""
    _overload_registry.clear()


def final(f):
    """Mark a method or class final (for type checkers); sets __final__."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    """Decorator: annotations on arg are not type hints."""
    if isinstance(arg, type):
        for key in list(arg.__dict__):
            obj = arg.__dict__[key]
            if isinstance(obj, types.FunctionType) and \
                    getattr(obj, '__qualname__', None) == '%s.%s' % (
                        arg.__qualname__, obj.__name__):
                obj.__no_type_check__ = True
    try:
        arg.__no_type_check__ = True
    except TypeError:
        pass
    return arg


def no_type_check_decorator(decorator):
    """Decorator to give another decorator the @no_type_check effect."""
    def wrapped_decorator(*args, **kwds):
        return no_type_check(decorator(*args, **kwds))
    wrapped_decorator.__name__ = getattr(decorator, '__name__', 'decorator')
    wrapped_decorator.__wrapped__ = decorator
    return wrapped_decorator


def dataclass_transform(*, eq_default=True, order_default=False,
                        kw_only_default=False, field_specifiers=(), **kwargs):
    """Decorator marking an object as providing dataclass-like behaviour;
    records its arguments in __dataclass_transform__."""
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = {
            'eq_default': eq_default,
            'order_default': order_default,
            'kw_only_default': kw_only_default,
            'field_specifiers': field_specifiers,
            'kwargs': kwargs,
        }
        return cls_or_fn
    return decorator
