# itertools: product, permutations, combinations, groupby, tee.
from itertools import (product, permutations, combinations,
                       combinations_with_replacement, groupby, tee)
import itertools


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


print(list(product('ab', range(2))))
print(list(product([1, 2], repeat=2)), list(product()), list(product([])),
      list(product('ab', [], 'c')), list(product('x', repeat=0)))
print(len(list(product(range(3), range(4), range(2)))),
      list(product('AB', 'xy', repeat=1))[-1])
attempt('product negative', lambda: product([1], repeat=-1))
attempt('product bad kw', lambda: product([1], rep=1))
attempt('product not iterable', lambda: product(1))
attempt('product str repeat', lambda: product(repeat='a'))

print(list(permutations('ABC', 2)))
print(list(permutations(range(3))))
print(list(permutations([1, 2], 3)), list(permutations([], 0)),
      list(permutations('ab', 0)), len(list(permutations(range(5)))))
print(list(permutations('aab', 2)))
attempt('permutations negative', lambda: permutations([1], -1))
attempt('permutations float', lambda: permutations([1], 1.5))
attempt('permutations none', lambda: permutations())
print(list(permutations('ab', r=None)))

print(list(combinations('ABCD', 2)))
print(list(combinations(range(4), 3)), list(combinations('ab', 3)),
      list(combinations('ab', 0)), list(combinations([], 0)))
print(len(list(combinations(range(10), 4))))
attempt('combinations missing r', lambda: combinations([1]))
attempt('combinations negative', lambda: combinations([1], -1))
attempt('combinations 3 args', lambda: combinations([1], 1, 1))
print(list(combinations(iterable='abc', r=2)))

print(list(combinations_with_replacement('ABC', 2)))
print(list(combinations_with_replacement([], 0)),
      list(combinations_with_replacement([], 2)),
      list(combinations_with_replacement('x', 3)),
      len(list(combinations_with_replacement(range(5), 3))))
attempt('cwr missing', lambda: combinations_with_replacement([1]))
attempt('cwr negative', lambda: combinations_with_replacement([1], -2))

# groupby
for key, group in groupby('AAAABBBCCDAABBB'):
    print(key, list(group))
print([k for k, g in groupby('AAAABBBCCD')])
data = [('a', 1), ('a', 2), ('b', 3), ('a', 4)]
for key, group in groupby(data, key=lambda pair: pair[0]):
    print(key, [v for _, v in group])
words = sorted(['apple', 'bob', 'cat', 'avocado', 'banana', 'cherry'],
               key=len)
print({k: list(g) for k, g in groupby(words, len)})
# A group is invalid once the groupby advances.
gb = groupby('aabbc')
k1, g1 = next(gb)
k2, g2 = next(gb)
print(k1, list(g1), k2, list(g2))
gb = groupby('aaab')
k, g = next(gb)
print(next(g), [key for key, _ in gb], list(g))
print(list(groupby([])), [(k, list(g)) for k, g in groupby([1, 1.0, True, 2])])
attempt('groupby 3 args', lambda: groupby([1], None, 1))
attempt('groupby bad kw', lambda: groupby([1], ke=1))
attempt('groupby none', lambda: groupby())
attempt('groupby not iterable', lambda: groupby(1))
print(type(next(groupby('a'))[1]).__name__)

# tee
a, b = tee(range(5))
print(next(a), next(a), list(b), list(a))
x, y, z = tee('abc', 3)
print(list(x), list(y), list(z), tee([1], 0), len(tee([1])))
src = iter([1, 2, 3])
t1, t2 = tee(src)
print(next(t1), next(src), list(t1), list(t2))
t3, t4 = tee(t1)
print(t3 is t1, list(t3), list(t4))
p, q = tee([10, 20, 30])
r, s = tee(p)
print(next(r), next(r), list(s), list(p), list(q))
attempt('tee negative', lambda: tee([1], -1))
attempt('tee kw', lambda: tee([1], n=2))
attempt('tee three', lambda: tee([1], 2, 3))
attempt('tee not iterable', lambda: tee(1))
print(type(tee([1])[0]).__name__, type(a).__module__)
c1, c2 = tee([1, 2])
c3 = c1.__copy__()
print(next(c1), list(c3), list(c2))


# Recipes built from the primitives.
def grouper(iterable, n, fillvalue=None):
    args = [iter(iterable)] * n
    return itertools.zip_longest(*args, fillvalue=fillvalue)


def powerset(iterable):
    s = list(iterable)
    return itertools.chain.from_iterable(combinations(s, r)
                                         for r in range(len(s) + 1))


def roundrobin(*iterables):
    num_active = len(iterables)
    nexts = itertools.cycle(iter(it).__next__ for it in iterables)
    while num_active:
        try:
            for nxt in nexts:
                yield nxt()
        except StopIteration:
            num_active -= 1
            nexts = itertools.cycle(itertools.islice(nexts, num_active))


def sliding_window(iterable, n):
    it = iter(iterable)
    window = list(itertools.islice(it, n - 1))
    for x in it:
        window.append(x)
        yield tuple(window)
        del window[0]


print(list(grouper('ABCDEFG', 3, 'x')))
print(list(powerset([1, 2, 3])))
print(list(roundrobin('ABC', 'D', 'EF')))
print(list(sliding_window('ABCDE', 3)))
print(sum(1 for _ in itertools.filterfalse(lambda t: sum(t) % 3,
                                            product(range(6), repeat=3))))
