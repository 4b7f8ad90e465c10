# oracle: pytorch
# covers: dict reversal and set-like keys()/items() views, dict.fromkeys on subclasses, slice.indices and __index__ in slices, reversed() with __reversed__ (and __reversed__ = None), iterators' __length_hint__, a class's repr following an assigned __module__/__qualname__, builtin functions' __doc__/__name__/__qualname__/__module__/__self__, types.MethodType, a class's __dict__ as a read-only mappingproxy, module names winning over object's dunders, list[int] as types.GenericAlias, print() to a reassigned sys.stdout, '%r' % dict
import operator
import sys
import types


def attempt(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


# dict and its views in reverse; keys()/items() are set-like and unhashable.
d = {'a': 1, 'b': 2, 'c': 3}
print(list(reversed(d)), list(reversed(d.keys())), list(reversed(d.values())), list(reversed(d.items())))
print(d.keys() & {'a', 'z'}, sorted(d.keys() | ['q']), sorted(d.keys() - {'a'}), sorted(d.items() ^ {('a', 1), ('z', 0)}))
print(d.keys() == {'a', 'b', 'c'}, d.keys() <= {'a', 'b', 'c', 'd'}, d.items() == d.items(), {'a'} < d.keys())
attempt(lambda: hash(d.keys()))
print(type(hash(d.values())).__name__)
it = reversed(d)
d['z'] = 0
attempt(lambda: next(it))


class Logged(dict):
    def __setitem__(self, key, value):
        print('  set', key, value)
        super().__setitem__(key, value)


print(dict.fromkeys('ab'), {}.fromkeys('z', 5), dict.fromkeys(range(2), []))
made = Logged.fromkeys([1, 2], 0)
print(type(made).__name__, made)
attempt(lambda: dict.fromkeys())

# slices: indices() and __index__.
print(slice(None, None, -1).indices(5), slice(10, 20).indices(5), slice(-10, None, -1).indices(5),
      slice(1, -1, 2).indices(10), slice(None, 10, -1).indices(5))


class Two:
    def __index__(self):
        return 2


print([0, 1, 2, 3][Two():], slice(Two(), None).indices(4), 'abcd'[:Two()], (0, 1, 2)[::Two()])
attempt(lambda: slice(None).indices(-1))
attempt(lambda: [1][1.0:])


# reversed(): __reversed__, __reversed__ = None, the sequence protocol.
class NotReversible:
    __reversed__ = None

    def __len__(self):
        return 0

    def __getitem__(self, i):
        raise IndexError


class Backwards:
    def __reversed__(self):
        return iter('zyx')


class Seq:
    def __len__(self):
        return 3

    def __getitem__(self, i):
        if i >= 3:
            raise IndexError
        return i * 10


attempt(lambda: reversed(NotReversible()))
attempt(lambda: reversed({1, 2}))
print(list(reversed(Backwards())), list(reversed(Seq())), list(reversed(range(3))), list(reversed('ab')))

# __length_hint__ of the builtin iterators.
for source in ([1, 2, 3], (1, 2), range(5), 'héllo', {'a': 1, 'b': 2}, {1, 2, 3}):
    i = iter(source)
    next(i)
    print(type(source).__name__, operator.length_hint(i), operator.length_hint(iter(source)))
done = iter([1])
list(done)
print(operator.length_hint(done), operator.length_hint(iter(d.items())), operator.length_hint(x for x in ()))


# A class's repr follows its __module__ and __qualname__.
class Plain:
    pass


print(Plain, Plain.__module__, Plain.__qualname__)
Plain.__module__ = 'elsewhere'
print(Plain)
Plain.__qualname__ = 'Outer.Plain'
print(Plain, Plain.__name__)
Plain.__module__ = 'builtins'
print(Plain)
Plain.__module__ = None
print(Plain)
Dynamic = type('Dynamic', (), {'__module__': 'made.here'})
print(Dynamic, Dynamic.__module__)
attempt(lambda: Plain[0])
attempt(lambda: int[0])

# Builtin functions and methods describe themselves.
print(len.__doc__)
print(len.__name__, len.__qualname__, len.__module__, len.__text_signature__, sorted.__text_signature__)
print(repr(print.__doc__.splitlines()[0]), repr(isinstance.__doc__[:30]))
items = []
print([].append.__qualname__, items.append.__name__, items.append.__module__, items.append.__self__ is items)
print(d.get.__self__ is d, dict.fromkeys.__self__ is dict, dict.fromkeys.__name__, str.maketrans('a', 'b'))
print(list.append.__name__, list.append.__qualname__, list.append.__objclass__, dict.__len__.__qualname__)


# types.MethodType binds any callable to an object.
class Box:
    def __init__(self, v):
        self.v = v


box = Box(5)
bound = types.MethodType(lambda self, x: (self.v, x), box)
print(bound(1), bound.__self__ is box, type(bound) is types.MethodType, type(bound).__name__)
attempt(lambda: types.MethodType(1, box))
attempt(lambda: types.MethodType(len, None))
attempt(lambda: types.MethodType(len))


# A class's __dict__ is a read-only view of its namespace.
class Spaced:
    x = 1

    def method(self):
        return 2


ns = Spaced.__dict__
print(type(ns).__name__, type(ns) is types.MappingProxyType, ns['x'], 'method' in ns, 'y' in ns)
Spaced.y = 3
print(ns['y'], sorted(k for k in ns if not k.startswith('__')), len(ns) == len(dict(ns)), ns.get('zz', 'none'))


def assign_through(mapping):
    mapping['x'] = 2


attempt(lambda: assign_through(ns))
attempt(lambda: hash(ns))
proxy = types.MappingProxyType({'k': 1})
print(proxy, proxy['k'], list(proxy.items()), proxy == {'k': 1}, proxy | {'j': 2}, proxy.copy())
attempt(lambda: types.MappingProxyType([1]))
print('__len__' in list.__dict__, list.__dict__['__hash__'], type(int.__dict__).__name__)

# A module's own names win over object's dunder methods.
print(operator.__lt__ is operator.lt, operator.__add__(1, 2), operator.__name__)

# list[int] and friends are types.GenericAlias.
print(list[int], dict[str, list[int]], tuple[int, ...], tuple[()], type[int], frozenset[str])
alias = list[int]
print(type(alias) is types.GenericAlias, alias.__origin__, alias.__args__, alias([1, 2]), alias == list[int])


# print() writes to whatever sys.stdout is now.
class Collector:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)

    def flush(self):
        self.parts.append('<flush>')


real = sys.stdout
sys.stdout = collected = Collector()
print('one', 2, sep='-')
print('three', end='!', flush=True)
sys.stdout = None
print('lost')
sys.stdout = real
print(collected.parts)
print('to stderr', file=sys.stderr)

# '%r' and '%s' take a dict as the one value.
print('%r' % {'a': 1}, '%s!' % {}, '%(a)s' % {'a': 'keyed'})
attempt(lambda: '%s %s' % {'a': 1})
