"""Binding call arguments to parameter names, with CPython's error messages.

namedtuple's `__new__`, dataclasses' generated `__init__` and typing's
NamedTuple are written in CPython as source text handed to exec/eval; backstep
has no exec, so they are generic `(*args, **kwargs)` functions that call
`bind` here.  `bind` applies the same rules, in the same order, as CPython's
own call machinery, so a wrong call reports exactly what CPython reports,
e.g. `Point.__init__() missing 1 required positional argument: 'y'`.
"""

# Marks a parameter without a default in `defaults` lists.
REQUIRED = object()


def _quoted_list(names):
    """'x'  /  'x' and 'y'  /  'x', 'y', and 'z' -- CPython's wording."""
    quoted = ["'%s'" % name for name in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + ' and ' + quoted[1]
    return ', '.join(quoted[:-1]) + ', and ' + quoted[-1]


def _missing_error(qualname, names, kind):
    plural = 's' if len(names) != 1 else ''
    return TypeError('%s() missing %d required %s argument%s: %s'
                     % (qualname, len(names), kind, plural,
                        _quoted_list(names)))


def _too_many_positional(qualname, total, required, given, kwonly_given):
    """`f() takes 2 positional arguments but 3 were given`, with CPython's
    variants for optional parameters and keyword-only arguments."""
    if required == total:
        takes = '%d positional argument%s' % (total, '' if total == 1 else 's')
    else:
        takes = 'from %d to %d positional arguments' % (required, total)
    if kwonly_given:
        given_text = ('%d positional argument%s (and %d keyword-only '
                      'argument%s) were given'
                      % (given, '' if given == 1 else 's', kwonly_given,
                         '' if kwonly_given == 1 else 's'))
    else:
        given_text = '%d %s given' % (given, 'was' if given == 1 else 'were')
    return TypeError('%s() takes %s but %s' % (qualname, takes, given_text))


def bind(qualname, implicit, names, defaults, kwonly, kwonly_defaults,
         args, kwargs):
    """Return the values of `names` then `kwonly`, in that order.

    qualname: used in messages, e.g. 'Point.__init__'.
    implicit: name of the already-bound first parameter ('self', '_cls'),
        or None; it counts in positional-count messages, as in CPython.
    names: positional-or-keyword parameter names (after `implicit`).
    defaults: one entry per name, REQUIRED where there is no default.
    kwonly / kwonly_defaults: keyword-only names and {name: default}.
    """
    count = len(names)
    values = list(args[:count])
    values.extend([REQUIRED] * (count - len(values)))
    kwonly_values = {}
    # Keywords first: CPython reports unknown/duplicate keywords before it
    # complains about the number of positional arguments.
    for key in kwargs:
        if key in kwonly:
            kwonly_values[key] = kwargs[key]
            continue
        if key == implicit:
            raise TypeError("%s() got multiple values for argument '%s'"
                            % (qualname, key))
        position = _index_of(names, key)
        if position < 0:
            raise TypeError("%s() got an unexpected keyword argument '%s'"
                            % (qualname, key))
        if position < len(args):
            raise TypeError("%s() got multiple values for argument '%s'"
                            % (qualname, key))
        values[position] = kwargs[key]
    offset = 0 if implicit is None else 1
    if len(args) > count:
        required = 0
        for default in defaults:
            if default is REQUIRED:
                required += 1
        raise _too_many_positional(qualname, count + offset,
                                   required + offset, len(args) + offset,
                                   len(kwonly_values))
    missing = []
    for position in range(count):
        if values[position] is REQUIRED:
            default = defaults[position]
            if default is REQUIRED:
                missing.append(names[position])
            else:
                values[position] = default
    if missing:
        raise _missing_error(qualname, missing, 'positional')
    for name in kwonly:
        if name in kwonly_values:
            values.append(kwonly_values[name])
        elif name in kwonly_defaults:
            values.append(kwonly_defaults[name])
        else:
            missing.append(name)
    if missing:
        raise _missing_error(qualname, missing, 'keyword-only')
    return values


def _index_of(names, key):
    position = 0
    for name in names:
        if name == key:
            return position
        position += 1
    return -1
