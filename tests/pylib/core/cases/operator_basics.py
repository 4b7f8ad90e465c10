# operator: operator functions, itemgetter/attrgetter/methodcaller.
import operator
from operator import itemgetter, attrgetter, methodcaller


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


print(operator.add(2, 3), operator.sub(2, 3), operator.mul('ab', 2),
      operator.truediv(7, 2), operator.floordiv(7, 2), operator.mod(7, 3),
      operator.pow(2, 10), operator.neg(5), operator.pos(-5),
      operator.abs(-3.5))
print(operator.and_(6, 3), operator.or_(6, 3), operator.xor(6, 3),
      operator.inv(5), operator.invert(0), operator.lshift(1, 4),
      operator.rshift(256, 3))
print(operator.lt(1, 2), operator.le(2, 2), operator.eq('a', 'a'),
      operator.ne(1, 1), operator.ge(1, 2), operator.gt(3, 2))
print(operator.not_([]), operator.truth([0]), operator.is_(None, None),
      operator.is_not(1, None), operator.contains([1, 2], 2))
print(operator.concat([1], [2]), operator.concat('a', 'b'),
      operator.countOf([1, 2, 1, 1], 1), operator.indexOf('hello', 'l'))
print(operator.index(7), operator.index(True), operator.length_hint([1, 2]),
      operator.length_hint(iter(range(5))), operator.length_hint(5, 9),
      operator.call(max, 3, 8))
seq = [1, 2, 3]
operator.setitem(seq, 0, 'x')
operator.delitem(seq, 1)
print(seq, operator.getitem(seq, -1), operator.getitem('abcdef', slice(1, 4)))
lst = [1]
print(operator.iadd(lst, [2]), lst, operator.iadd(1, 2), operator.imul('a', 3),
      operator.iconcat(lst, (3,)), operator.isub(10, 4), operator.ior({1}, {2}))
print(operator.__add__(1, 1), operator.__getitem__([5, 6], 1),
      operator.__lt__ is operator.lt)

attempt('index float', lambda: operator.index(1.5))
attempt('concat ints', lambda: operator.concat(1, 2))
attempt('concat mixed', lambda: operator.concat([1], (2,)))
attempt('indexOf missing', lambda: operator.indexOf([1], 2))
attempt('countOf int', lambda: operator.countOf(1, 1))
attempt('length_hint default', lambda: operator.length_hint([], 'a'))
attempt('add mismatch', lambda: operator.add(1, 'a'))
attempt('getitem bad', lambda: operator.getitem([1], 'x'))


class Hinted:
    def __init__(self, hint):
        self.hint = hint

    def __length_hint__(self):
        return self.hint


print(operator.length_hint(Hinted(4)), operator.length_hint(Hinted(NotImplemented), 7))
attempt('negative hint', lambda: operator.length_hint(Hinted(-1)))
attempt('str hint', lambda: operator.length_hint(Hinted('x')))

# itemgetter
rows = [('bob', 25, 'b'), ('alice', 30, 'a'), ('carol', 25, 'c')]
print(sorted(rows, key=itemgetter(1)), sorted(rows, key=itemgetter(1, 0)))
print(itemgetter(1)('abc'), itemgetter(0, 2)('abc'), itemgetter('k')({'k': 1}),
      itemgetter(slice(2))([5, 6, 7]), list(map(itemgetter(0), rows)))
print(itemgetter(1), itemgetter(1, 'a'), repr(itemgetter('x')))
attempt('itemgetter()', lambda: itemgetter())
attempt('call no args', lambda: itemgetter(1)())
attempt('call two args', lambda: itemgetter(1)(1, 2))
attempt('call keyword', lambda: itemgetter(1)(obj=1))
attempt('missing key', lambda: itemgetter('q')({}))


# attrgetter
class Node:
    def __init__(self, name, child=None):
        self.name = name
        self.child = child


tree = Node('root', Node('leaf'))
print(attrgetter('name')(tree), attrgetter('child.name')(tree),
      attrgetter('name', 'child.name')(tree))
print(attrgetter('name'), attrgetter('a.b', 'c'))
print(sorted([Node('b'), Node('a')], key=attrgetter('name'))[0].name)
attempt('attrgetter int', lambda: attrgetter(1))
attempt('attrgetter()', lambda: attrgetter())
attempt('missing attr', lambda: attrgetter('nope')(tree))
attempt('missing nested', lambda: attrgetter('child.child.name')(tree))

# methodcaller
print(methodcaller('upper')('abc'), methodcaller('split', ',')('a,b'),
      methodcaller('replace', 'a', 'o', 1)('banana'),
      methodcaller('format', x=1)('{x}'))
print(methodcaller('m'), methodcaller('m', 1, k='v'), methodcaller('m', [1], z=None))
attempt('methodcaller()', lambda: methodcaller())
attempt('methodcaller int', lambda: methodcaller(5))
attempt('methodcaller call', lambda: methodcaller('upper')())
attempt('missing method', lambda: methodcaller('nope')(1))
print(type(itemgetter(1)).__name__, type(attrgetter('a')).__name__,
      itemgetter.__module__)
from functools import reduce
print(reduce(operator.mul, range(1, 6)), list(map(operator.add, [1, 2], [10, 20])))
