"""total_ordering (fill in the missing rich comparisons from one) and
cmp_to_key (turn an old-style cmp function into a sort key)."""

# Each derived comparison asks the root one via type(self), and hands back
# NotImplemented untouched so Python can try the reflected operation.


def _gt_from_lt(self, other):
    'Return a > b.  Computed by @total_ordering from (not a < b) and (a != b).'
    result = type(self).__lt__(self, other)
    if result is NotImplemented:
        return result
    return not result and self != other


def _le_from_lt(self, other):
    'Return a <= b.  Computed by @total_ordering from (a < b) or (a == b).'
    result = type(self).__lt__(self, other)
    if result is NotImplemented:
        return result
    return result or self == other


def _ge_from_lt(self, other):
    'Return a >= b.  Computed by @total_ordering from (not a < b).'
    result = type(self).__lt__(self, other)
    if result is NotImplemented:
        return result
    return not result


def _ge_from_le(self, other):
    'Return a >= b.  Computed by @total_ordering from (not a <= b) or (a == b).'
    result = type(self).__le__(self, other)
    if result is NotImplemented:
        return result
    return not result or self == other


def _lt_from_le(self, other):
    'Return a < b.  Computed by @total_ordering from (a <= b) and (a != b).'
    result = type(self).__le__(self, other)
    if result is NotImplemented:
        return result
    return result and self != other


def _gt_from_le(self, other):
    'Return a > b.  Computed by @total_ordering from (not a <= b).'
    result = type(self).__le__(self, other)
    if result is NotImplemented:
        return result
    return not result


def _lt_from_gt(self, other):
    'Return a < b.  Computed by @total_ordering from (not a > b) and (a != b).'
    result = type(self).__gt__(self, other)
    if result is NotImplemented:
        return result
    return not result and self != other


def _ge_from_gt(self, other):
    'Return a >= b.  Computed by @total_ordering from (a > b) or (a == b).'
    result = type(self).__gt__(self, other)
    if result is NotImplemented:
        return result
    return result or self == other


def _le_from_gt(self, other):
    'Return a <= b.  Computed by @total_ordering from (not a > b).'
    result = type(self).__gt__(self, other)
    if result is NotImplemented:
        return result
    return not result


def _le_from_ge(self, other):
    'Return a <= b.  Computed by @total_ordering from (not a >= b) or (a == b).'
    result = type(self).__ge__(self, other)
    if result is NotImplemented:
        return result
    return not result or self == other


def _gt_from_ge(self, other):
    'Return a > b.  Computed by @total_ordering from (a >= b) and (a != b).'
    result = type(self).__ge__(self, other)
    if result is NotImplemented:
        return result
    return result and self != other


def _lt_from_ge(self, other):
    'Return a < b.  Computed by @total_ordering from (not a >= b).'
    result = type(self).__ge__(self, other)
    if result is NotImplemented:
        return result
    return not result


_CONVERT = {
    '__lt__': [('__gt__', _gt_from_lt), ('__le__', _le_from_lt),
               ('__ge__', _ge_from_lt)],
    '__le__': [('__ge__', _ge_from_le), ('__lt__', _lt_from_le),
               ('__gt__', _gt_from_le)],
    '__gt__': [('__lt__', _lt_from_gt), ('__ge__', _ge_from_gt),
               ('__le__', _le_from_gt)],
    '__ge__': [('__le__', _le_from_ge), ('__gt__', _gt_from_ge),
               ('__lt__', _lt_from_ge)],
}


def total_ordering(cls):
    """Class decorator that fills in missing ordering methods"""
    # Defined here or in a base other than object: inheriting object's
    # comparison does not count.
    roots = [op for op in _CONVERT
             if getattr(cls, op, None) is not getattr(object, op, None)]
    if not roots:
        raise ValueError('must define at least one ordering operation: '
                         '< > <= >=')
    root = max(roots)       # prefer __lt__ to __le__ to __gt__ to __ge__
    for name, function in _CONVERT[root]:
        if name not in roots:
            function.__name__ = name
            setattr(cls, name, function)
    return cls


def cmp_to_key(mycmp):
    """Convert a cmp= function into a key= function"""

    class K(object):
        def __init__(self, obj):
            self.obj = obj

        def _compare(self, other):
            if not isinstance(other, K):
                raise TypeError('other argument must be K instance')
            return mycmp(self.obj, other.obj)

        def __lt__(self, other):
            return self._compare(other) < 0

        def __gt__(self, other):
            return self._compare(other) > 0

        def __eq__(self, other):
            return self._compare(other) == 0

        def __le__(self, other):
            return self._compare(other) <= 0

        def __ge__(self, other):
            return self._compare(other) >= 0

        __hash__ = None

    K.__name__ = K.__qualname__ = 'KeyWrapper'
    K.__module__ = 'functools'
    return K
