# itertools: count, cycle, repeat and the terminating iterators.
import itertools
from itertools import (count, cycle, repeat, accumulate, chain, compress,
                       dropwhile, takewhile, filterfalse, starmap, islice,
                       pairwise, zip_longest)
import operator


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


c = count()
print(next(c), next(c), next(c), c)
print(list(islice(count(10, 5), 4)), list(islice(count(1.5, 0.5), 3)),
      list(islice(count(5, -2), 3)))
print(count(), count(5, 2), count(1.5), count(0, 0.5), count(2, 1.0),
      count(step=3), count(start=-1))
print(list(zip('abc', count(1))))
attempt('count str', lambda: count('a'))
attempt('count 3 args', lambda: count(1, 2, 3))
attempt('count bad kw', lambda: count(x=1))

cy = cycle('ab')
print([next(cy) for _ in range(5)], list(cycle([])))
attempt('cycle int', lambda: cycle(1))
attempt('cycle none', lambda: cycle())
attempt('cycle kw', lambda: cycle(x=1))

r = repeat('x', 3)
print(r, r.__length_hint__(), next(r), r, list(r), r, list(repeat(1, -2)))
print(repeat(None), list(map(pow, range(4), repeat(2))), repeat('a', times=2))
attempt('repeat none', lambda: repeat())
attempt('repeat str times', lambda: repeat(1, 'a'))
attempt('repeat hint', lambda: repeat(1).__length_hint__())

print(list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 4, 1, 5], max)),
      list(accumulate([1, 2, 3], operator.mul)),
      list(accumulate([1, 2], initial=100)), list(accumulate([], initial=5)),
      list(accumulate([])), list(accumulate('abc')),
      list(accumulate([1, 2], func=None, initial=None)))
attempt('accumulate 3 positional', lambda: accumulate([1], None, 1))
attempt('accumulate bad kw', lambda: accumulate([1], initia=1))
attempt('accumulate missing', lambda: accumulate())

print(list(chain('ab', [1, 2], (), range(2))), list(chain()),
      list(chain.from_iterable(['xy', 'z'])),
      list(chain.from_iterable([[1], [], [2, 3]])))
lazy = chain([1], 5)
print(next(lazy))
attempt('chain non-iterable later', lambda: next(lazy))
attempt('chain kw', lambda: chain(a=1))
attempt('from_iterable none', lambda: chain.from_iterable())
attempt('from_iterable int', lambda: chain.from_iterable(3))

print(list(compress('ABCDEF', [1, 0, 1, 0, 1, 1])), list(compress('AB', [1])),
      list(compress(data=range(5), selectors=cycle([True, False]))))
attempt('compress missing', lambda: compress([1]))
attempt('compress 3', lambda: compress([1], [1], [1]))

print(list(dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])),
      list(takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])),
      list(filterfalse(lambda x: x % 2, range(10))),
      list(filterfalse(None, [0, 1, '', 'a', None])))
tw = takewhile(lambda x: x < 3, iter([1, 2, 3, 4, 5]))
print(list(tw), list(tw))
src = iter([1, 2, 3, 4, 5])
print(list(takewhile(lambda x: x < 3, src)), list(src))
attempt('dropwhile one arg', lambda: dropwhile(len))
attempt('takewhile kw', lambda: takewhile(len, [], x=1))

print(list(starmap(pow, [(2, 5), (3, 2), (10, 3)])),
      list(starmap(operator.add, ['ab', 'cd'])))
attempt('starmap item not iterable', lambda: next(starmap(len, [1])))
attempt('starmap 1 arg', lambda: starmap(len))

# islice
print(list(islice('ABCDEFG', 2)), list(islice('ABCDEFG', 2, 4)),
      list(islice('ABCDEFG', 2, None)), list(islice('ABCDEFG', 0, None, 2)),
      list(islice('ABCDEFG', 1, 6, 3)), list(islice('ABC', None)),
      list(islice('ABC', None, None, None)), list(islice('ABC', 5, 2)))
it = iter(range(10))
print(list(islice(it, 3)), next(it), list(islice(it, 1, 3)), next(it))
it = iter(range(10))
print(list(islice(it, 5, 2)), next(it))
it = iter(range(10))
print(list(islice(it, 0, 6, 4)), next(it))
for args in [(-1,), ('a',), (0, -1), (-1, 2), (0, 2, 0), (0, 2, -1),
             (1.5,), (0, 2, 'x')]:
    attempt('islice%r' % (args,), lambda: islice([1], *args))
attempt('islice one arg', lambda: islice([1]))
attempt('islice five args', lambda: islice([1], 1, 2, 3, 4))
attempt('islice kw', lambda: islice([1], stop=1))
attempt('islice not iterable', lambda: islice(1, 2))

print(list(pairwise('ABCD')), list(pairwise([1])), list(pairwise([])))
attempt('pairwise two', lambda: pairwise([1], [2]))

print(list(zip_longest('ABCD', 'xy', fillvalue='-')),
      list(zip_longest([1], [], [2, 3])), list(zip_longest()),
      list(zip_longest('ab')))
attempt('zip_longest kw', lambda: zip_longest([1], fill=0))
attempt('zip_longest not iterable', lambda: zip_longest(1))
print(type(count()).__name__, type(chain()).__module__,
      isinstance(islice([], 1), islice), iter(c) is c)
print(type(chain.from_iterable([])) is chain)
