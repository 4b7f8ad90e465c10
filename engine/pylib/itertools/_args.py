"""Argument checking with the wording of CPython's C itertools types.

The C types report errors in two styles: the simple ones say
"cycle expected 1 argument, got 2"; those with keywords use argument-clinic
wording ("count() takes at most 2 arguments (3 given)", "'x' is an invalid
keyword argument for count()", "repeat() missing required argument 'object'
(pos 1)").  backstep's versions take (*args, **kwargs) and check with these.
"""

_MISSING = object()


def exact(name, args, kwargs, count):
    """args must be exactly `count` positional arguments."""
    if kwargs:
        raise TypeError('%s() takes no keyword arguments' % name)
    if len(args) != count:
        raise TypeError('%s expected %d argument%s, got %d'
                        % (name, count, '' if count == 1 else 's', len(args)))
    return args


def clinic(name, args, kwargs, params, required, keyword_only=()):
    """Values for `params` (then `keyword_only`), _MISSING where absent.

    The first `required` params must be given."""
    if len(args) > len(params):
        kind = 'positional arguments' if keyword_only else 'arguments'
        raise TypeError('%s() takes at most %d %s (%d given)'
                        % (name, len(params), kind, len(args)))
    values = list(args) + [_MISSING] * (len(params) - len(args))
    extra = [_MISSING] * len(keyword_only)
    for key in kwargs:
        if key in params:
            position = params.index(key)
            if position < len(args):
                raise TypeError("argument for %s() given by name ('%s') and "
                                "position (%d)" % (name, key, position + 1))
            values[position] = kwargs[key]
        elif key in keyword_only:
            extra[keyword_only.index(key)] = kwargs[key]
        else:
            raise TypeError("'%s' is an invalid keyword argument for %s()"
                            % (key, name))
    for position in range(required):
        if values[position] is _MISSING:
            raise TypeError("%s() missing required argument '%s' (pos %d)"
                            % (name, params[position], position + 1))
    return values + extra


def as_index(value):
    """An int from value, through __index__ like the C code."""
    if isinstance(value, int):
        return int(value)
    method = getattr(type(value), '__index__', None)
    if method is None:
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(value).__name__)
    return method(value)
