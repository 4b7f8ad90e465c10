# dataclasses: inheritance, kw_only, InitVar, asdict/astuple/replace,
# make_dataclass, fields.
import dataclasses
from dataclasses import (dataclass, field, fields, asdict, astuple, replace,
                         InitVar, KW_ONLY, make_dataclass, MISSING)
from collections import namedtuple, OrderedDict
from typing import List, Dict, Any
import abc


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


@dataclass
class Base:
    x: Any = 15.0
    y: int = 0


@dataclass
class Child(Base):
    z: int = 10
    x: int = 15


print(Child(), Child(1, 2, 3), [f.name for f in fields(Child)], Child.__doc__,
      Child.__match_args__, isinstance(Child(), Base))


@dataclass
class Labeled(Base):
    label: str = 'none'

    def describe(self):
        return '%s at %s' % (self.label, (self.x, self.y))


print(Labeled(label='p').describe(), Labeled(1, 2, 'q'))


@dataclass
class Options:
    name: str
    _: KW_ONLY
    verbose: bool = False
    level: int
    tags: List[str] = field(default_factory=list)


print(Options('run', level=2), Options('x', verbose=True, level=1, tags=['a']),
      Options.__doc__, Options.__match_args__)
attempt('kw as positional', lambda: Options('run', True, 2))
attempt('missing kw', lambda: Options('run'))


@dataclass(kw_only=True)
class AllKw:
    a: int
    b: int = 2


@dataclass
class PartKw:
    a: int
    b: int = field(kw_only=True, default=5)
    c: int = 1


print(AllKw(a=1), AllKw.__doc__, PartKw(1, 2), PartKw(1, 2, b=3), PartKw.__doc__)
attempt('AllKw positional', lambda: AllKw(1))


@dataclass
class Account:
    owner: str
    balance: float = 0.0
    secret: InitVar[str] = 'hunter2'
    masked: str = field(init=False, default='')

    def __post_init__(self, secret):
        self.masked = '*' * len(secret)


acct = Account('ann', secret='abc')
print(acct, acct.masked, [f.name for f in fields(acct)],
      'secret' in Account.__dataclass_fields__, Account.__doc__,
      hasattr(acct, 'secret'))
print(replace(acct, balance=5.0, secret='xy'))
attempt('replace init=False', lambda: replace(acct, masked='no'))
attempt('replace unknown', lambda: replace(acct, nope=1))


@dataclass
class Needs:
    key: InitVar[int]
    value: int = 0

    def __post_init__(self, key):
        self.value = key * 2


attempt('replace missing InitVar', lambda: replace(Needs(2)))
print(replace(Needs(2), key=5))

Pt = namedtuple('Pt', 'x y')


@dataclass
class Shape:
    name: str
    points: List[Pt]
    meta: Dict[str, Any] = field(default_factory=dict)
    parent: Any = None


sq = Shape('square', [Pt(0, 0), Pt(1, 1)], {'color': ['red'], 'n': 4},
           Shape('group', []))
d = asdict(sq)
print(d)
d['meta']['color'].append('blue')
print(sq.meta, astuple(sq))
print(asdict(sq, dict_factory=OrderedDict)['parent'])
print(astuple(Child(), tuple_factory=list))
attempt('asdict class', lambda: asdict(Shape))
attempt('astuple int', lambda: astuple(1))
attempt('fields int', lambda: fields(1))
attempt('replace non-dataclass', lambda: replace(1))

Dyn = make_dataclass('Dyn', ['a', ('b', int), ('c', List[int], field(default_factory=list))],
                     namespace={'total': lambda self: self.a + self.b})
print(Dyn(1, 2), Dyn(1, 2).total(), Dyn.__doc__, Dyn.__module__, Dyn.__name__)
Frozen = make_dataclass('Frozen', [('k', str)], frozen=True)
print(Frozen('v'), hash(Frozen('v')) == hash(('v',)))
attempt('bad field', lambda: make_dataclass('X', [('a', int, 1, 2)]))
attempt('keyword field', lambda: make_dataclass('X', ['class']))
attempt('dup field', lambda: make_dataclass('X', ['a', 'a']))
attempt('bad name', lambda: make_dataclass('X', ['1a']))


@dataclass(frozen=True)
class FrozenBase:
    a: int = 1


try:
    @dataclass
    class Thawed(FrozenBase):
        b: int = 2
except TypeError as e:
    print('TypeError', e)


@dataclass
class NotFrozen:
    a: int = 1


try:
    @dataclass(frozen=True)
    class Refrozen(NotFrozen):
        b: int = 2
except TypeError as e:
    print('TypeError', e)


@dataclass(frozen=True)
class FrozenChild(FrozenBase):
    b: int = 2


fc = FrozenChild()
print(fc, hash(fc) == hash((1, 2)))


class Plugin(abc.ABC):
    @abc.abstractmethod
    def run(self):
        ...


@dataclass
class Impl(Plugin):
    name: str

    def run(self):
        return 'running ' + self.name


print(Impl('x').run(), Impl.__abstractmethods__)
f0 = fields(Inventory := make_dataclass('Inventory', [('qty', int, field(default=3, metadata={'unit': 'pcs'}))]))[0]
print(f0.name, f0.type, f0.default, f0.default_factory is MISSING, f0.init,
      f0.repr, f0.hash, f0.compare, dict(f0.metadata), f0.kw_only,
      f0.metadata['unit'], repr(f0._field_type))
print(repr(InitVar[int]), repr(InitVar[List[int]]), repr(dataclasses.KW_ONLY)[:40] if False else '')
