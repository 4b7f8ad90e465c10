"""inspect: signatures of functions, methods, classes and callables
(signature, Signature, Parameter, bind), the is* predicates, getmembers,
getdoc/cleandoc, getfullargspec, as CPython 3.11 gives them for script
code.  Builtin functions have no signature here (ValueError, as CPython
says for those it cannot read); frames and source text are not provided
(currentframe() is None, stack() is empty)."""

import enum
import functools
import types

__all__ = ['signature', 'Signature', 'Parameter', 'BoundArguments', 'isclass', 'isfunction', 'ismethod',
           'ismodule', 'isbuiltin', 'isroutine', 'isgeneratorfunction', 'iscoroutinefunction', 'isgenerator',
           'isabstract', 'getmembers', 'getdoc', 'cleandoc', 'getfullargspec', 'unwrap', 'currentframe', 'stack']

CO_VARARGS = 4
CO_VARKEYWORDS = 8
CO_GENERATOR = 32
CO_COROUTINE = 128


class _empty:
    """Marker object for Signature.empty and Parameter.empty."""


class _void:
    """A private marker - used in Parameter & Signature."""


class _ParameterKind(enum.IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self._name_

    @property
    def description(self):
        return self.name.lower().replace('_', ' ').replace('or keyword', 'or keyword')


def formatannotation(annotation, base_module=None):
    if getattr(annotation, '__module__', None) == 'typing':
        return repr(annotation).replace('typing.', '')
    if isinstance(annotation, types.GenericAlias) if hasattr(types, 'GenericAlias') else False:
        return str(annotation)
    if isinstance(annotation, type):
        if annotation.__module__ in ('builtins', base_module):
            return annotation.__qualname__
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


class Parameter:
    """One parameter: name, kind, default and annotation."""

    __slots__ = ('_name', '_kind', '_default', '_annotation')

    POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
    KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
    VAR_KEYWORD = _ParameterKind.VAR_KEYWORD

    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        try:
            self._kind = _ParameterKind(kind)
        except ValueError:
            raise ValueError(f'value {kind!r} is not a valid Parameter.kind')
        if default is not _empty and self._kind in (_ParameterKind.VAR_POSITIONAL, _ParameterKind.VAR_KEYWORD):
            raise ValueError(f'{self._kind.description} parameters cannot have default values')
        self._default = default
        self._annotation = annotation
        if not isinstance(name, str):
            raise TypeError('name must be a str, not a {}'.format(type(name).__name__))
        if not name.isidentifier():
            raise ValueError('{!r} is not a valid parameter name'.format(name))
        self._name = name

    name = property(lambda self: self._name)
    default = property(lambda self: self._default)
    annotation = property(lambda self: self._annotation)
    kind = property(lambda self: self._kind)

    def replace(self, *, name=_void, kind=_void, annotation=_void, default=_void):
        return type(self)(self._name if name is _void else name, self._kind if kind is _void else kind,
                          default=self._default if default is _void else default,
                          annotation=self._annotation if annotation is _void else annotation)

    def __str__(self):
        kind = self.kind
        formatted = self._name
        if self._annotation is not _empty:
            formatted = '{}: {}'.format(formatted, formatannotation(self._annotation))
        if self._default is not _empty:
            if self._annotation is not _empty:
                formatted = '{} = {}'.format(formatted, repr(self._default))
            else:
                formatted = '{}={}'.format(formatted, repr(self._default))
        if kind == _ParameterKind.VAR_POSITIONAL:
            formatted = '*' + formatted
        elif kind == _ParameterKind.VAR_KEYWORD:
            formatted = '**' + formatted
        return formatted

    def __repr__(self):
        return '<{} "{}">'.format(self.__class__.__name__, self)

    def __hash__(self):
        return hash((self.name, self.kind, self.annotation, self.default))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and self._kind == other._kind and self._default == other._default and
                self._annotation == other._annotation)


class BoundArguments:
    """The result of Signature.bind: arguments by parameter name."""

    def __init__(self, signature, arguments):
        self.arguments = arguments
        self._signature = signature

    signature = property(lambda self: self._signature)

    @property
    def args(self):
        args = []
        for name, param in self._signature.parameters.items():
            if param.kind in (Parameter.VAR_KEYWORD, Parameter.KEYWORD_ONLY):
                break
            try:
                arg = self.arguments[name]
            except KeyError:
                break
            if param.kind == Parameter.VAR_POSITIONAL:
                args.extend(arg)
            else:
                args.append(arg)
        return tuple(args)

    @property
    def kwargs(self):
        kwargs = {}
        started = False
        for name, param in self._signature.parameters.items():
            if not started:
                if param.kind in (Parameter.VAR_KEYWORD, Parameter.KEYWORD_ONLY):
                    started = True
                elif name not in self.arguments:
                    started = True
                    continue
            if not started:
                continue
            try:
                arg = self.arguments[name]
            except KeyError:
                pass
            else:
                if param.kind == Parameter.VAR_KEYWORD:
                    kwargs.update(arg)
                else:
                    kwargs[name] = arg
        return kwargs

    def apply_defaults(self):
        arguments = self.arguments
        new_arguments = []
        for name, param in self._signature.parameters.items():
            try:
                new_arguments.append((name, arguments[name]))
            except KeyError:
                if param.default is not _empty:
                    val = param.default
                elif param.kind is Parameter.VAR_POSITIONAL:
                    val = ()
                elif param.kind is Parameter.VAR_KEYWORD:
                    val = {}
                else:
                    continue
                new_arguments.append((name, val))
        self.arguments = dict(new_arguments)

    def __repr__(self):
        args = []
        for arg, value in self.arguments.items():
            args.append('{}={!r}'.format(arg, value))
        return '<{} ({})>'.format(self.__class__.__name__, ', '.join(args))


class Signature:
    """The parameters of a callable and its return annotation."""

    __slots__ = ('_return_annotation', '_parameters')

    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty, __validate_parameters__=True):
        params = {}
        if parameters is not None:
            for param in parameters:
                if param.name in params:
                    raise ValueError('duplicate parameter name: {!r}'.format(param.name))
                params[param.name] = param
        self._parameters = types.MappingProxyType(params)
        self._return_annotation = return_annotation

    parameters = property(lambda self: self._parameters)
    return_annotation = property(lambda self: self._return_annotation)

    def replace(self, *, parameters=_void, return_annotation=_void):
        if parameters is _void:
            parameters = self.parameters.values()
        if return_annotation is _void:
            return_annotation = self._return_annotation
        return type(self)(parameters, return_annotation=return_annotation)

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Signature):
            return NotImplemented
        return (self.return_annotation == other.return_annotation and
                list(self.parameters.values()) == list(other.parameters.values()))

    def __hash__(self):
        return hash((tuple(self.parameters.values()), self.return_annotation))

    def _bind(self, args, kwargs, *, partial=False):
        arguments = {}
        parameters = iter(self.parameters.values())
        parameters_ex = ()
        arg_vals = iter(args)
        while True:
            try:
                arg_val = next(arg_vals)
            except StopIteration:
                try:
                    param = next(parameters)
                except StopIteration:
                    break
                else:
                    if param.kind == Parameter.VAR_POSITIONAL:
                        break
                    elif param.name in kwargs:
                        parameters_ex = (param,)
                        break
                    elif param.kind == Parameter.VAR_KEYWORD or param.default is not _empty:
                        parameters_ex = (param,)
                        break
                    else:
                        if partial:
                            parameters_ex = (param,)
                            break
                        else:
                            raise TypeError('missing a required argument: {arg!r}'.format(arg=param.name)) from None
            else:
                try:
                    param = next(parameters)
                except StopIteration:
                    raise TypeError('too many positional arguments') from None
                else:
                    if param.kind in (Parameter.VAR_KEYWORD, Parameter.KEYWORD_ONLY):
                        raise TypeError('too many positional arguments') from None
                    if param.kind == Parameter.VAR_POSITIONAL:
                        values = [arg_val]
                        values.extend(arg_vals)
                        arguments[param.name] = tuple(values)
                        break
                    if param.name in kwargs and param.kind != Parameter.POSITIONAL_ONLY:
                        raise TypeError('multiple values for argument {arg!r}'.format(arg=param.name)) from None
                    arguments[param.name] = arg_val
        kwargs_param = None
        for param in [*parameters_ex, *parameters]:
            if param.kind == Parameter.VAR_KEYWORD:
                kwargs_param = param
                continue
            if param.kind == Parameter.VAR_POSITIONAL:
                continue
            param_name = param.name
            try:
                arg_val = kwargs.pop(param_name)
            except KeyError:
                if not partial and param.kind != Parameter.VAR_POSITIONAL and param.default is _empty:
                    raise TypeError('missing a required argument: {arg!r}'.format(arg=param_name)) from None
            else:
                arguments[param_name] = arg_val
        if kwargs:
            if kwargs_param is not None:
                arguments[kwargs_param.name] = kwargs
            else:
                raise TypeError('got an unexpected keyword argument {arg!r}'.format(arg=next(iter(kwargs))))
        return BoundArguments(self, arguments)

    def bind(self, /, *args, **kwargs):
        return self._bind(args, kwargs)

    def bind_partial(self, /, *args, **kwargs):
        return self._bind(args, kwargs, partial=True)

    def __repr__(self):
        return '<{} {}>'.format(self.__class__.__name__, self)

    def __str__(self):
        result = []
        render_kw_only_separator = True
        for param in self.parameters.values():
            formatted = str(param)
            kind = param.kind
            if kind == Parameter.VAR_POSITIONAL:
                render_kw_only_separator = False
            elif kind == Parameter.KEYWORD_ONLY and render_kw_only_separator:
                result.append('*')
                render_kw_only_separator = False
            result.append(formatted)
        rendered = '({})'.format(', '.join(result))
        if self.return_annotation is not _empty:
            rendered += ' -> {}'.format(formatannotation(self.return_annotation))
        return rendered

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
        return _signature_of(obj, follow_wrapped)


def _function_signature(func, skip_first=False):
    code = func.__code__
    pos_count = code.co_argcount
    kw_count = code.co_kwonlyargcount
    names = code.co_varnames
    defaults = func.__defaults__ or ()
    kwdefaults = func.__kwdefaults__ or {}
    annotations = getattr(func, '__annotations__', {}) or {}
    params = []
    first_default = pos_count - len(defaults)
    for i in range(pos_count):
        name = names[i]
        default = defaults[i - first_default] if i >= first_default else _empty
        params.append(Parameter(name, Parameter.POSITIONAL_OR_KEYWORD, default=default,
                                annotation=annotations.get(name, _empty)))
    index = pos_count + kw_count
    if code.co_flags & CO_VARARGS:
        name = names[index]
        params.append(Parameter(name, Parameter.VAR_POSITIONAL, annotation=annotations.get(name, _empty)))
        index += 1
    for i in range(pos_count, pos_count + kw_count):
        name = names[i]
        params.append(Parameter(name, Parameter.KEYWORD_ONLY, default=kwdefaults.get(name, _empty),
                                annotation=annotations.get(name, _empty)))
    if code.co_flags & CO_VARKEYWORDS:
        name = names[index]
        params.append(Parameter(name, Parameter.VAR_KEYWORD, annotation=annotations.get(name, _empty)))
    # Keyword-only parameters come after *args in the rendering.
    order = {Parameter.POSITIONAL_OR_KEYWORD: 0, Parameter.VAR_POSITIONAL: 1, Parameter.KEYWORD_ONLY: 2,
             Parameter.VAR_KEYWORD: 3}
    params.sort(key=lambda p: order[p.kind])
    if skip_first:
        if not params or params[0].kind not in (Parameter.POSITIONAL_OR_KEYWORD, Parameter.POSITIONAL_ONLY):
            if params and params[0].kind == Parameter.VAR_POSITIONAL:
                pass
            else:
                raise ValueError('invalid method signature')
        else:
            params = params[1:]
    return Signature(params, return_annotation=annotations.get('return', _empty))


def unwrap(func, *, stop=None):
    f = func
    seen = {id(f)}
    while hasattr(f, '__wrapped__') and not (stop is not None and stop(f)):
        f = f.__wrapped__
        if id(f) in seen:
            raise ValueError('wrapper loop when unwrapping {!r}'.format(func))
        seen.add(id(f))
    return f


def _signature_of(obj, follow_wrapped=True, skip_first=False):
    if not callable(obj):
        raise TypeError('{!r} is not a callable object'.format(obj))
    if isinstance(obj, types.MethodType):
        sig = _signature_of(obj.__func__, follow_wrapped)
        params = list(sig.parameters.values())
        if not params or params[0].kind in (Parameter.VAR_KEYWORD, Parameter.KEYWORD_ONLY):
            raise ValueError('invalid method signature')
        if params[0].kind == Parameter.VAR_POSITIONAL:
            return sig
        return sig.replace(parameters=params[1:])
    if follow_wrapped:
        obj = unwrap(obj, stop=lambda f: hasattr(f, '__signature__'))
        if isinstance(obj, types.MethodType):
            return _signature_of(obj, follow_wrapped)
    sig = getattr(obj, '__signature__', None)
    if sig is not None:
        if not isinstance(sig, Signature):
            raise TypeError('unexpected object {!r} in __signature__ attribute'.format(sig))
        return sig
    if isfunction(obj):
        return _function_signature(obj, skip_first)
    if isinstance(obj, functools.partial):
        sig = _signature_of(obj.func, follow_wrapped)
        params = list(sig.parameters.values())[len(obj.args):]
        new = []
        for p in params:
            if p.name in obj.keywords:
                p = p.replace(default=obj.keywords[p.name], kind=Parameter.KEYWORD_ONLY
                              if p.kind == Parameter.POSITIONAL_OR_KEYWORD else p.kind)
            new.append(p)
        new.sort(key=lambda p: (p.kind == Parameter.VAR_KEYWORD, p.kind == Parameter.KEYWORD_ONLY))
        return sig.replace(parameters=new)
    if isinstance(obj, type):
        for name in ('__init__', '__new__'):
            for base in obj.__mro__:
                if name in base.__dict__ and base is not object:
                    meth = base.__dict__[name]
                    if isinstance(meth, staticmethod):
                        meth = meth.__func__
                    if isfunction(meth):
                        return _signature_of(meth, follow_wrapped, skip_first=True)
                    break
        if obj.__init__ is object.__init__ and obj.__new__ is object.__new__:
            return Signature()
        raise ValueError('no signature found for builtin type {!r}'.format(obj))
    call = getattr(type(obj), '__call__', None)
    if call is not None and isfunction(call):
        return _signature_of(call, follow_wrapped, skip_first=True)
    raise ValueError('no signature found for builtin {!r}'.format(obj))


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    return _signature_of(obj, follow_wrapped)


def isclass(object):
    return isinstance(object, type)


def isfunction(object):
    return isinstance(object, types.FunctionType)


def ismethod(object):
    return isinstance(object, types.MethodType)


def ismodule(object):
    return isinstance(object, types.ModuleType)


def isbuiltin(object):
    return isinstance(object, types.BuiltinFunctionType)


def isroutine(object):
    return isbuiltin(object) or isfunction(object) or ismethod(object)


def _has_flag(f, flag):
    f = unwrap(f) if isfunction(f) or ismethod(f) else f
    if ismethod(f):
        f = f.__func__
    return isfunction(f) and bool(f.__code__.co_flags & flag)


def isgeneratorfunction(obj):
    return _has_flag(obj, CO_GENERATOR)


def iscoroutinefunction(obj):
    return _has_flag(obj, CO_COROUTINE)


def isasyncgenfunction(obj):
    return False


def isgenerator(object):
    return isinstance(object, types.GeneratorType)


def iscoroutine(object):
    return False


def isabstract(object):
    return bool(isinstance(object, type) and getattr(object, '__abstractmethods__', None))


def getmembers(object, predicate=None):
    results = []
    for key in dir(object):
        try:
            value = getattr(object, key)
        except AttributeError:
            continue
        if not predicate or predicate(value):
            results.append((key, value))
    results.sort(key=lambda pair: pair[0])
    return results


def cleandoc(doc):
    try:
        lines = doc.expandtabs().split('\n')
    except UnicodeError:
        return None
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            margin = indent if margin is None else min(margin, indent)
    if lines:
        lines[0] = lines[0].lstrip()
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)


def getdoc(object):
    try:
        doc = object.__doc__
    except AttributeError:
        return None
    if doc is None:
        if isinstance(object, type):
            for base in object.__mro__[1:]:
                if base is object:
                    continue
                doc = base.__dict__.get('__doc__') if hasattr(base, '__dict__') else None
                if doc is not None:
                    break
        if doc is None:
            return None
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


class FullArgSpec(tuple):
    _fields = ('args', 'varargs', 'varkw', 'defaults', 'kwonlyargs', 'kwonlydefaults', 'annotations')

    def __new__(cls, *values):
        return tuple.__new__(cls, values)

    def __repr__(self):
        return 'FullArgSpec(' + ', '.join('%s=%r' % (f, v) for f, v in zip(self._fields, self)) + ')'

    def __getattr__(self, name):
        try:
            return self[self._fields.index(name)]
        except ValueError:
            raise AttributeError(name) from None


def getfullargspec(func):
    try:
        sig = _signature_of(func, follow_wrapped=False)
    except Exception as ex:
        raise TypeError('unsupported callable') from ex
    args, varargs, varkw, kwonlyargs = [], None, None, []
    defaults, kwdefaults, annotations = (), {}, {}
    if sig.return_annotation is not _empty:
        annotations['return'] = sig.return_annotation
    for param in sig.parameters.values():
        kind = param.kind
        name = param.name
        if kind in (Parameter.POSITIONAL_ONLY, Parameter.POSITIONAL_OR_KEYWORD):
            args.append(name)
            if param.default is not _empty:
                defaults += (param.default,)
        elif kind == Parameter.VAR_POSITIONAL:
            varargs = name
        elif kind == Parameter.KEYWORD_ONLY:
            kwonlyargs.append(name)
            if param.default is not _empty:
                kwdefaults[name] = param.default
        elif kind == Parameter.VAR_KEYWORD:
            varkw = name
        if param.annotation is not _empty:
            annotations[name] = param.annotation
    return FullArgSpec(args, varargs, varkw, defaults or None, kwonlyargs, kwdefaults or None, annotations)


def currentframe():
    return None


def stack(context=1):
    return []
