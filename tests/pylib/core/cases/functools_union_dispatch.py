# functools.singledispatch with typing annotations and Union registration.
from functools import singledispatch
from typing import Union, List
from collections.abc import Sequence


@singledispatch
def describe(value):
    return 'something'


@describe.register
def _(value: Union[int, float]):
    return 'number %r' % (value,)


@describe.register
def _(value: str):
    return 'text %r' % (value,)


@describe.register(list)
def _(value):
    return 'list of %d' % len(value)


print(describe(1), describe(2.5), describe('x'), describe([1, 2]), describe(None))
print(sorted(k.__name__ for k in describe.registry))
try:
    @describe.register
    def _(value: List[int]):
        return 'never'
except TypeError as e:
    print('TypeError', e)
try:
    describe.register(5, lambda v: v)
except TypeError as e:
    print('TypeError', e)


@singledispatch
def length(x):
    raise NotImplementedError('no length for %s' % type(x).__name__)


length.register(Sequence, len)
print(length('abc'), length((1, 2)), length(range(4)))
try:
    length(5)
except NotImplementedError as e:
    print('NotImplementedError', e)
