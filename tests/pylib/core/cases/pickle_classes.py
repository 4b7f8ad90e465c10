# Instances of script classes pickle through __reduce_ex__/__reduce__,
# __getstate__/__setstate__, __slots__ and list/dict bases, as in CPython.
import io
import pickle


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return 'Point(%r, %r)' % (self.x, self.y)


class Empty:
    pass


class Stateful:
    def __init__(self):
        self.value = 3
        self.cache = 'dropped'

    def __getstate__(self):
        return {'value': self.value}

    def __setstate__(self, state):
        self.value = state['value'] * 10
        self.cache = None


class Reduced:
    def __init__(self, n):
        self.n = n

    def __reduce__(self):
        return (Reduced, (self.n + 1,))


class Slotted:
    __slots__ = ('a', 'b')

    def __init__(self):
        self.a = 1


class Tags(list):
    pass


class Table(dict):
    pass


class Age(int):
    pass


for proto in range(6):
    p = Point(1, [2, 3])
    data = pickle.dumps(p, proto)
    print(proto, data)
    print(pickle.loads(data))
    print(pickle.dumps(Empty(), proto))
    s = pickle.loads(pickle.dumps(Stateful(), proto))
    print(s.value, s.cache)
    print(pickle.loads(pickle.dumps(Reduced(4), proto)).n)
    t = Tags([1, 2])
    t.label = 'x'
    data = pickle.dumps(t, proto)
    back = pickle.loads(data)
    print(data, type(back).__name__, back, back.label)
    tb = pickle.loads(pickle.dumps(Table(a=1), proto))
    print(type(tb).__name__, tb)
    a = pickle.loads(pickle.dumps(Age(7), proto))
    print(type(a).__name__, a + 1)

for proto in (2, 4):
    sl = pickle.loads(pickle.dumps(Slotted(), proto))
    print(proto, sl.a, hasattr(sl, 'b'))
try:
    pickle.dumps(Slotted(), 0)
except TypeError as e:
    print('TypeError:', e)

pts = [Point(0, 0)] * 2
back = pickle.loads(pickle.dumps(pts))
print(back, back[0] is back[1])

f = io.BytesIO()
pickle.dump({'a': 1}, f)
pickle.dump([Point(5, 6)], f, protocol=0)
f.seek(0)
print(pickle.load(f), pickle.load(f))
try:
    pickle.load(f)
except EOFError as e:
    print('EOFError:', e)
