# Counter: counting, most_common order, arithmetic, comparisons, repr.
from collections import Counter


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


words = 'the cat and the hat and the bat sat'.split()
c = Counter(words)
print(c)
print(c['the'], c['dog'], 'dog' in c, len(c))
print(c.most_common(2), c.most_common(0), c.most_common(-1))
print(c.most_common())
print(sorted(c.elements())[:6], c.total())

letters = Counter('abracadabra')
print(letters, letters.most_common(3))
print(list(letters.elements()))
print(Counter(a=3, b=0, c=-2), list(Counter(a=3, b=0, c=-2).elements()))
print(Counter({'x': 2, 'y': 5}), Counter(), Counter([]), repr(Counter()))

# update and subtract take iterables, mappings and keywords.
inv = Counter(apples=3, pears=1)
inv.update(['apples', 'kiwis'])
inv.update({'pears': 4}, kiwis=2)
print(inv)
inv.subtract(['apples'] * 5)
inv.subtract({'pears': 1}, kiwis=1)
print(inv)
inv.update()
inv.subtract()
print(inv, inv.total())
del inv['pears']
del inv['not there']
print(inv)

# Arithmetic keeps positive counts only.
a = Counter(a=3, b=1, c=0)
b = Counter(a=1, b=2, d=4)
print(a + b, a - b, b - a)
print(a | b, a & b, +Counter(x=-1, y=2), -Counter(x=-1, y=2))
print(Counter(a=1) - Counter(a=1), Counter(z=-3) - Counter(z=-1))
e = Counter(a=2, b=-1)
e += Counter(b=1, c=5)
print(e)
e -= Counter(c=2)
print(e)
e |= Counter(a=10, d=-1)
print(e)
e &= Counter(a=4, c=1)
print(e)
attempt('add dict', lambda: Counter(a=1) + {'a': 1})

# Comparisons treat missing elements as zero (3.10+).
print(Counter(a=1) == Counter(a=1, b=0), Counter(a=1) != Counter(a=2))
print(Counter(a=1) <= Counter(a=2, b=1), Counter(a=1) < Counter(a=1))
print(Counter(a=3) >= Counter(a=2), Counter(a=3) > Counter(a=3, b=0))
print(Counter(a=1) == {'a': 1}, Counter() == Counter())

# Errors.
attempt('fromkeys', lambda: Counter.fromkeys('abc'))
attempt('not iterable', lambda: Counter(5))
attempt('update two', lambda: Counter().update([1], [2]))
attempt('unhashable', lambda: Counter([[1]]))

# copy and subclass.
orig = Counter('hello')
cp = orig.copy()
cp['z'] += 1
print(type(cp).__name__, cp, orig)


class Tally(Counter):
    pass


t = Tally('xyzzy')
print(t, type(t + t).__name__, t.most_common(1), t.copy())

# Ties keep first-seen order; repr sorts by count.
print(Counter('bbaacc'), Counter('ccbbaa').most_common())
print(Counter({1: 'a', 2: 'b'}))
print(isinstance(c, dict), Counter.__module__)
