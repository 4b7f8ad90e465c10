# OrderedDict: order-aware dict operations, 3.11 repr, views, equality.
from collections import OrderedDict


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


od = OrderedDict()
print(od, len(od), bool(od))
od['b'] = 2
od['a'] = 1
od['c'] = 3
print(od)
print(list(od), list(od.keys()), list(od.values()), list(od.items()))
print(od.keys(), od.values(), od.items())
print(type(od.keys()).__name__, 'a' in od.keys(), ('a', 1) in od.items())

od.move_to_end('b')
print('move b to end:', list(od))
od.move_to_end('b', last=False)
print('move b to front:', list(od))
od.move_to_end('c', False)
print(list(od))
attempt('move missing', lambda: od.move_to_end('zz'))

print('popitem last:', od.popitem())
print('popitem first:', od.popitem(last=False))
print(od)
print(od.popitem(False), od)
attempt('popitem empty', lambda: od.popitem())
attempt('popitem empty first', lambda: od.popitem(last=False))

# Equality: order matters only between two OrderedDicts.
x = OrderedDict([('a', 1), ('b', 2)])
y = OrderedDict([('b', 2), ('a', 1)])
print(x == y, x != y, x == dict(y), dict(x) == y, x == {'a': 1, 'b': 2})
print(x == OrderedDict(a=1, b=2), x == 5)

# Construction forms and errors.
print(OrderedDict(a=1), OrderedDict([('k', 'v')], extra=0))
print(OrderedDict({'z': 26, 'y': 25}), OrderedDict.fromkeys('abc', 0))
print(OrderedDict.fromkeys(['p', 'q']))
attempt('two positional', lambda: OrderedDict({}, {}))
attempt('not iterable', lambda: OrderedDict(5))

# Reversal, copy, setdefault, pop, update.
z = OrderedDict.fromkeys('wxyz', 1)
print(list(reversed(z)), list(reversed(z.keys())), list(reversed(z.items())))
c = z.copy()
c['w'] = 100
print(type(c).__name__, c['w'], z['w'], c)
print(z.setdefault('new', 5), z.setdefault('w', 7), list(z))
print(z.pop('x'), z.pop('missing', 'dflt'))
attempt('pop missing', lambda: z.pop('missing'))
z.update([('x', 9)], y=8)
print(z)

# | operators (3.9+).
left = OrderedDict(a=1, b=2)
print(left | {'c': 3}, {'c': 3} | left)
left |= {'a': 10}
print(left)

# Recursive repr.
r = OrderedDict()
r['self'] = r
print(r)


# Subclass that logs writes: update goes through __setitem__.
class Logged(OrderedDict):
    def __setitem__(self, key, value):
        print('  set', key, value)
        OrderedDict.__setitem__(self, key, value)


lg = Logged([('one', 1)])
lg.update(two=2)
print(lg, isinstance(lg, dict), isinstance(lg, OrderedDict))
print(repr(OrderedDict), OrderedDict.__module__)
# An LRU cache built on move_to_end/popitem, a typical use.
cache = OrderedDict()
for key in ['a', 'b', 'c', 'a', 'd', 'b', 'e']:
    if key in cache:
        cache.move_to_end(key)
    cache[key] = key.upper()
    if len(cache) > 3:
        cache.popitem(last=False)
    print(key, list(cache.items()))
