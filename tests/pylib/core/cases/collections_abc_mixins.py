# collections.abc mixin methods on user-defined containers.
from collections.abc import (Mapping, MutableMapping, Sequence,
                             MutableSequence, Set, MutableSet, Iterator,
                             Generator, KeysView, ItemsView, ValuesView)


class Frozen(Mapping):
    def __init__(self, **items):
        self._d = dict(items)

    def __getitem__(self, key):
        return self._d[key]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __repr__(self):
        return 'Frozen(%r)' % self._d


f = Frozen(a=1, b=2)
print(f['a'], f.get('z'), f.get('z', 9), 'a' in f, 'z' in f, len(f))
print(f.keys(), f.items(), f.values())
print(list(f.keys()), list(f.items()), list(f.values()))
print(f == {'a': 1, 'b': 2}, f == Frozen(b=2, a=1), f == [1], f != {'a': 1})
print(sorted(f.keys() & {'a', 'q'}), sorted(f.keys() | {'c'}),
      sorted(f.keys() - {'a'}), sorted(f.keys() ^ {'a', 'x'}))
print(('a', 1) in f.items(), ('a', 2) in f.items(), 2 in f.values(),
      f.keys() == {'a', 'b'}, f.keys() < {'a', 'b', 'c'})
print(isinstance(f.keys(), KeysView), isinstance(f.items(), ItemsView),
      isinstance(f.values(), ValuesView), len(f.items()))
try:
    reversed(f)
except TypeError as e:
    print('TypeError', e)


class Store(MutableMapping):
    def __init__(self):
        self._d = {}

    def __getitem__(self, key):
        return self._d[key]

    def __setitem__(self, key, value):
        self._d[key] = value

    def __delitem__(self, key):
        del self._d[key]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __repr__(self):
        return 'Store(%r)' % self._d


s = Store()
s.update({'x': 1}, y=2)
s.update([('z', 3)])
print(s, s.setdefault('x', 0), s.setdefault('w', 4), s.pop('w'),
      s.pop('nope', None))
print(s.popitem(), s)
try:
    s.pop('nope')
except KeyError as e:
    print('KeyError', e)
s.clear()
print(s, len(s))
try:
    s.popitem()
except KeyError as e:
    print('KeyError', repr(e))
try:
    s.update({}, {})
except TypeError as e:
    print('TypeError', e)


class Squares(Sequence):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self.n))]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        return i * i

    def __len__(self):
        return self.n


sq = Squares(6)
print(list(sq), 16 in sq, 15 in sq, sq.index(9), sq.count(4),
      list(reversed(sq)), sq[1:4], sq.index(16, 2, 5), sq.index(25, -2))
try:
    sq.index(7)
except ValueError as e:
    print('ValueError', repr(e))


class Row(MutableSequence):
    def __init__(self, *items):
        self._l = list(items)

    def __getitem__(self, i):
        return self._l[i]

    def __setitem__(self, i, v):
        self._l[i] = v

    def __delitem__(self, i):
        del self._l[i]

    def __len__(self):
        return len(self._l)

    def insert(self, i, v):
        self._l.insert(i, v)

    def __repr__(self):
        return 'Row%r' % (tuple(self._l),)


r = Row(1, 2, 3)
r.append(4)
r.extend([5, 6])
r.reverse()
print(r, r.pop(), r.pop(0), r)
r.remove(3)
r += (7,)
print(r)
r.extend(r)
print(r)
r.clear()
print(r)


class Bits(Set):
    def __init__(self, items=()):
        self._s = set(items)

    def __contains__(self, x):
        return x in self._s

    def __iter__(self):
        return iter(sorted(self._s))

    def __len__(self):
        return len(self._s)

    def __repr__(self):
        return 'Bits(%r)' % sorted(self._s)

    __hash__ = Set._hash


a, b = Bits([1, 2, 3]), Bits([2, 3, 4])
print(a & b, a | b, a - b, a ^ b, b - [4], [9] | a if False else '')
print(a == Bits([3, 2, 1]), a <= b, Bits([2]) < a, a >= Bits([1]), a > a,
      a.isdisjoint([7, 8]), a.isdisjoint(b), a == {1, 2, 3})
print(hash(Bits([1, 2, 3])) == hash(Bits([3, 1, 2])), hash(Bits()),
      hash(Bits([1, 2, 3])), hash(Bits(['a'])) == hash(frozenset(['a'])))
print({1, 2} - a, {5} | a, {1, 9} & a)


class Tags(MutableSet):
    def __init__(self, items=()):
        self._s = []
        for x in items:
            self.add(x)

    def __contains__(self, x):
        return x in self._s

    def __iter__(self):
        return iter(list(self._s))

    def __len__(self):
        return len(self._s)

    def add(self, x):
        if x not in self._s:
            self._s.append(x)

    def discard(self, x):
        if x in self._s:
            self._s.remove(x)

    def __repr__(self):
        return 'Tags(%r)' % self._s


t = Tags('abc')
t |= 'cd'
print(t)
t -= 'a'
print(t)
t &= 'bcx'
print(t)
t ^= 'cz'
print(t, t.pop(), t)
t.remove('z')
try:
    t.remove('q')
except KeyError as e:
    print('KeyError', e)
t.clear()
print(t)


class Countdown(Iterator):
    def __init__(self, n):
        self.n = n

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


c = Countdown(3)
print(iter(c) is c, list(c))


class Echo(Generator):
    def send(self, value):
        if value == 'stop':
            raise StopIteration
        return value

    def throw(self, typ, val=None, tb=None):
        raise StopIteration


e = Echo()
print(next(e), e.send(5), e.close())
try:
    e.send('stop')
except StopIteration:
    print('stopped')
try:
    Frozen.__new__(Mapping)
except TypeError as err:
    print('TypeError', err)
try:
    MutableSequence()
except TypeError as err:
    print('TypeError', err)
