# deque: both ends, maxlen, rotation, indexing, errors.
from collections import deque


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], d[2])
print(d.pop(), d.popleft(), d)
d.extend([4, 5])
d.extendleft([-1, -2])
print(d)
d.rotate(2)
print('rotate 2:', d)
d.rotate(-3)
print('rotate -3:', d)
d.rotate()
print('rotate:', d)
d.rotate(len(d) * 3 + 1)
print(d)

# Index access and assignment.
d[0] = 'first'
d[-1] = 'last'
print(d, d.index(3), d.count(3), 3 in d, 99 in d)
del d[1]
print(d)
d.insert(2, 'mid')
d.insert(-1, 'pen')
d.insert(100, 'end')
d.insert(-100, 'start')
print(d)
d.remove('mid')
print(d)
d.reverse()
print(d, list(reversed(d)))
print(d.index(3, 1), d.index(3, -6, -1))
attempt('index missing', lambda: d.index('nope'))
attempt('index in range', lambda: d.index('start', 0, 3))
attempt('remove missing', lambda: d.remove(42))
attempt('get out of range', lambda: d[100])
attempt('set out of range', lambda: d.__setitem__(-100, 1))
attempt('str index', lambda: d['a'])
attempt('slice', lambda: d[0:2])
d.clear()
print(d, bool(d))
attempt('pop empty', lambda: d.pop())
attempt('popleft empty', lambda: d.popleft())

# maxlen discards from the opposite end.
last3 = deque(maxlen=3)
for i in range(6):
    last3.append(i)
    print(last3)
last3.appendleft('L')
print(last3, last3.maxlen)
last3.extend('abcd')
print(last3)
last3.extendleft('xy')
print(last3)
attempt('insert when full', lambda: last3.insert(0, 'z'))
attempt('set maxlen', lambda: setattr(last3, 'maxlen', 5))
attempt('negative maxlen', lambda: deque(maxlen=-1))
attempt('float maxlen', lambda: deque(maxlen=1.5))
attempt('three args', lambda: deque([1], 2, 3))
attempt('bad keyword', lambda: deque(size=3))
attempt('not iterable', lambda: deque(5))
print(deque(maxlen=0), deque('abc', 0), deque(iterable='xy', maxlen=5))
zero = deque(maxlen=0)
zero.append(1)
zero.appendleft(2)
print(zero, len(zero))

# Operators.
a = deque([1, 2])
b = deque([3])
print(a + b, a * 2, 2 * a, a * 0, a == deque([1, 2]), a == [1, 2])
print(a < b, a <= a, deque([1, 2, 3]) > a, a != b)
print(deque([1, 2], 3) + deque([3, 4]), deque([1, 2], 3) * 2)
attempt('add list', lambda: a + [1])
attempt('mul str', lambda: a * 'x')
attempt('hash', lambda: hash(a))
a += [7, 8]
a *= 2
print(a)
c = a.copy()
c.append('only in copy')
print(a, c, deque([1], maxlen=4).copy())

# Mutation during iteration is detected.
m = deque([1, 2, 3])
try:
    for item in m:
        m.append(item)
except RuntimeError as e:
    print('RuntimeError', e)
m = deque([1, 2, 3])
for item in m:
    m[0] = item
print(m)

# Recursive repr and subclass repr.
rec = deque([1])
rec.append(rec)
print(rec)


class History(deque):
    pass


h = History([1, 2], 5)
print(h, History('ab'), type(h.copy()).__name__, h.copy())

# A sliding-window average, a typical use.
window = deque(maxlen=3)
for value in [10, 20, 30, 40, 50]:
    window.append(value)
    print(value, sum(window) / len(window))

# BFS over a small graph.
graph = {'a': ['b', 'c'], 'b': ['d'], 'c': ['d', 'e'], 'd': ['f'], 'e': [],
         'f': []}
queue = deque(['a'])
seen = {'a'}
order = []
while queue:
    node = queue.popleft()
    order.append(node)
    for nxt in graph[node]:
        if nxt not in seen:
            seen.add(nxt)
            queue.append(nxt)
print(order)

# Many operations at both ends keep the right contents.
big = deque()
for i in range(200):
    big.appendleft(i)
    big.append(-i)
for i in range(150):
    big.popleft()
    big.pop()
print(len(big), list(big)[:5], list(big)[-5:], big[25], big[-26])
