# functools: lru_cache, cache, cached_property.
import functools
from functools import lru_cache, cache, cached_property


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(30), fib.cache_info())
print(fib.cache_parameters(), fib.__name__, fib.__wrapped__(10))
fib.cache_clear()
print(fib.cache_info())

calls = []


@lru_cache(maxsize=2)
def slow_square(x):
    calls.append(x)
    return x * x


for x in [1, 2, 1, 3, 2, 1, 1]:
    slow_square(x)
print(calls, slow_square.cache_info())
info = slow_square.cache_info()
print(info.hits, info.misses, info.maxsize, info.currsize, type(info).__name__,
      info._fields)


@lru_cache
def no_parens(x, y=1):
    calls.append(('np', x, y))
    return x + y


calls.clear()
print(no_parens(1), no_parens(1), no_parens(1, 1), no_parens(1, y=1),
      no_parens(x=1), no_parens.cache_info())
print(calls)


@lru_cache(typed=True)
def typed(x):
    return type(x).__name__


print(typed(3), typed(3.0), typed(3), typed.cache_info(),
      typed.cache_parameters())


@lru_cache(maxsize=0)
def never(x):
    return x


print(never(1), never(1), never.cache_info())


@lru_cache(-5)
def negative(x):
    return x


print(negative(1), negative.cache_info())
attempt('bad maxsize', lambda: lru_cache('big'))
attempt('unhashable', lambda: fib([1]))


@cache
def factorial(n):
    return n * factorial(n - 1) if n else 1


print(factorial(10), factorial(5), factorial.cache_info())


class Repo:
    def __init__(self, name):
        self.name = name

    @lru_cache(maxsize=None)
    def lookup(self, key):
        return '%s:%s' % (self.name, key)

    def __hash__(self):
        return hash(self.name)

    def __eq__(self, other):
        return self.name == other.name


r = Repo('main')
print(r.lookup('a'), r.lookup('a'), Repo.lookup.cache_info())


class Dataset:
    loads = 0

    def __init__(self, path):
        self.path = path

    @cached_property
    def rows(self):
        """The rows, loaded once."""
        Dataset.loads += 1
        return [self.path] * 3


d = Dataset('x.csv')
print(d.rows, d.rows, Dataset.loads, 'rows' in d.__dict__)
d.rows = ['changed']
print(d.rows, Dataset.loads)
del d.rows
print(d.rows, Dataset.loads)
print(type(Dataset.rows).__name__, Dataset.rows.__doc__, Dataset.rows.attrname)
loose = cached_property(lambda self: 1)
attempt('no set_name', lambda: loose.__get__(d, Dataset))


def describe():
    pass


cp = cached_property(len)
cp.__set_name__(Dataset, 'a')
attempt('second name', lambda: cp.__set_name__(Dataset, 'b'))
cp.__set_name__(Dataset, 'a')
print(cp.attrname)
