# copy: shallow and deep copies of builtins and user classes.
import copy
from collections import OrderedDict, defaultdict, Counter, deque, namedtuple
from functools import partial


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


nested = [1, [2, 3], {'k': [4]}]
shallow = copy.copy(nested)
deep = copy.deepcopy(nested)
nested[1].append('x')
nested[2]['k'].append('y')
print(shallow, deep, shallow[1] is nested[1], deep[1] is nested[1])
print(copy.copy(5), copy.copy('s'), copy.copy((1, 2)), copy.copy(None))
t = (1, [2])
print(copy.copy(t) is t, copy.deepcopy(t) is t, copy.deepcopy(t) == t,
      copy.deepcopy((1, 'a')) is not None)
fs = frozenset([1, 2])
print(copy.copy(fs) is fs, copy.deepcopy(fs) == fs)
d = {'a': [1], 'b': {2}}
dc = copy.deepcopy(d)
dc['a'].append(9)
dc['b'].add(3)
print(d, sorted(dc['b']), dc['a'])
s = {1, 2}
print(copy.copy(s) == s, copy.copy(s) is s)

# Shared and recursive structure is preserved.
shared = [0]
pair = [shared, shared]
pc = copy.deepcopy(pair)
print(pc[0] is pc[1], pc[0] is shared)
loop = [1]
loop.append(loop)
lc = copy.deepcopy(loop)
print(lc[1] is lc, lc[1] is loop, lc)
rec_d = {}
rec_d['self'] = rec_d
rdc = copy.deepcopy(rec_d)
print(rdc['self'] is rdc)
memo = {}
a1 = copy.deepcopy([shared], memo)
a2 = copy.deepcopy([shared], memo)
print(a1[0] is a2[0], id(shared) in memo)


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return 'Point(%r, %r)' % (self.x, self.y)


p = Point(1, [2])
pc = copy.copy(p)
pd = copy.deepcopy(p)
p.y.append(3)
print(pc, pd, type(pd).__name__, pc is p)


class Tracked:
    def __init__(self):
        self.log = []

    def __copy__(self):
        print('  __copy__ called')
        new = Tracked()
        new.log = self.log
        return new

    def __deepcopy__(self, memo):
        print('  __deepcopy__ called with', type(memo).__name__)
        new = Tracked()
        new.log = copy.deepcopy(self.log, memo)
        return new


tr = Tracked()
tr.log.append(1)
print(copy.copy(tr).log is tr.log, copy.deepcopy(tr).log is tr.log)


class WithState:
    def __init__(self):
        self.value = 1
        self.cache = 'expensive'

    def __getstate__(self):
        state = dict(self.__dict__)
        del state['cache']
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.cache = 'rebuilt'


ws = copy.deepcopy(WithState())
print(ws.value, ws.cache)


class Reduced:
    def __init__(self, n):
        self.n = n

    def __reduce__(self):
        return (Reduced, (self.n * 10,))


print(copy.copy(Reduced(2)).n, copy.deepcopy(Reduced(3)).n)


class MyList(list):
    def __init__(self, items=(), tag='t'):
        super().__init__(items)
        self.tag = tag


ml = MyList([1, [2]], tag='mine')
mc = copy.copy(ml)
md = copy.deepcopy(ml)
ml[1].append(3)
print(type(mc).__name__, mc, mc.tag, md, md.tag)


class MyDict(dict):
    pass


md2 = MyDict(a=[1])
md2.extra = 'attr'
cp = copy.deepcopy(md2)
md2['a'].append(2)
print(type(cp).__name__, cp, cp.extra)


class MyTuple(tuple):
    pass


mt = copy.deepcopy(MyTuple([1, [2]]))
print(type(mt).__name__, mt)


class MyInt(int):
    pass


mi = copy.copy(MyInt(7))
print(type(mi).__name__, mi + 1)

# Standard-library containers.
od = OrderedDict(b=[1], a=2)
print(copy.copy(od), copy.deepcopy(od), type(copy.deepcopy(od)).__name__)
dd = defaultdict(list, k=[1])
ddc = copy.deepcopy(dd)
ddc['k'].append(2)
ddc['new'].append(0)
print(dd, ddc, copy.copy(dd))
ct = Counter('aab')
print(copy.copy(ct), copy.deepcopy(ct))
dq = deque([[1], 2], maxlen=5)
dqc = copy.deepcopy(dq)
dqc[0].append('deep')
print(dq, dqc, copy.copy(dq), dqc.maxlen)
NT = namedtuple('NT', 'a b')
nt = NT([1], 2)
print(copy.copy(nt), copy.deepcopy(nt), copy.deepcopy(nt).a is nt.a)
pf = partial(max, [1], key=len)
print(copy.copy(pf).args, copy.deepcopy(pf).args[0] is pf.args[0],
      copy.deepcopy(pf)([7, 8]))

# Functions, classes and methods are atomic.
print(copy.copy(len) is len, copy.deepcopy(Point) is Point,
      copy.deepcopy(attempt) is attempt)


def gen():
    yield 1


attempt('copy generator', lambda: copy.copy(gen()))
attempt('deepcopy generator', lambda: copy.deepcopy(gen()))
print(issubclass(copy.Error, Exception), copy.error is copy.Error)
bm = copy.deepcopy(p.__repr__)
print(bm(), bm.__self__ is p)
