# Idioms of real training scripts: argparse corners, NamedTuple/TypedDict,
# dataclass InitVar/KW_ONLY, StrEnum/IntFlag, redirect_stdout, json corners,
# collections, string and %-formatting widths, functools, itertools, random.
import argparse, json, os, sys, math, random, itertools, functools, collections, string, re, copy
from typing import NamedTuple, TypedDict, Literal, Protocol, get_type_hints, Iterable
from dataclasses import dataclass, field, astuple, is_dataclass, InitVar, KW_ONLY
from enum import Enum, unique, IntFlag, StrEnum
from contextlib import contextmanager, redirect_stdout, closing
import io

p = argparse.ArgumentParser(description='x')
p.add_argument('--size', type=int, nargs=2, metavar=('H', 'W'), default=[1, 2])
p.add_argument('--name', required=True)
p.add_argument('files', nargs='*')
p.add_argument('--dry', action=argparse.BooleanOptionalAction, default=False)
p.add_argument('--mode', type=str.lower, choices=['a', 'b'])
try:
    p.parse_args([])
except SystemExit as e:
    print('exit', e.code)
print(p.parse_args(['--name', 'n', 'f1', 'f2', '--no-dry', '--mode', 'A', '--size', '3', '4']))
print(p.format_usage(), end='')
ns, rest = p.parse_known_args(['--name', 'q', '--zzz', '1'])
print(ns, rest)

class Point(NamedTuple):
    x: float
    y: float = 0.0
    def norm(self):
        return math.hypot(self.x, self.y)
pt = Point(3, 4)
print(pt, pt.norm(), pt._replace(y=1), pt._asdict(), Point._fields, Point._field_defaults)

class Cfg(TypedDict, total=False):
    lr: float
    name: str
print(Cfg(lr=0.1), Cfg.__required_keys__, Cfg.__optional_keys__)

@dataclass(order=True)
class Item:
    priority: int
    name: str = field(compare=False)
    scale: InitVar[float] = 1.0
    _: KW_ONLY
    tags: list = field(default_factory=list)
    def __post_init__(self, scale):
        self.priority = int(self.priority * scale)
it = Item(3, 'x', 2.0, tags=['a'])
print(it, astuple(it), is_dataclass(it), sorted([Item(5, 'b'), Item(1, 'a')]))

@unique
class Color(StrEnum):
    RED = 'red'
    GREEN = 'green'
print(Color.RED, repr(Color.RED), Color('green'), f'{Color.RED}', Color.RED == 'red', list(Color))
class Perm(IntFlag):
    R = 4; W = 2; X = 1
print(Perm.R | Perm.W, repr(Perm(7)), Perm(6) & Perm.W, int(Perm.R | Perm.X), Perm(0))

buf = io.StringIO()
with redirect_stdout(buf):
    print('captured')
print(repr(buf.getvalue()))
print(json.dumps({'b': 1, 'a': [1.5, 'x', None]}, sort_keys=True), json.dumps([1e-7, 1e20, 2**70, float('nan')]))
print(json.dumps({'k': 'ü\n"'}), json.dumps({'k': 'ü'}, ensure_ascii=False), json.loads('[1, 2.0, "x", true, null]'))
try:
    json.loads('{"a": }')
except json.JSONDecodeError as e:
    print(e, e.pos, e.lineno, e.colno)
class Enc(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, set):
            return sorted(o)
        return super().default(o)
print(json.dumps({'s': {3, 1}}, cls=Enc))
try:
    json.dumps({'s': object()})
except TypeError as e:
    print(e)
c = collections.OrderedDict(a=1, b=2); c.move_to_end('a'); print(c, c.popitem(last=False))
dd = collections.defaultdict(list); dd['x'].append(1); print(dd, dict(dd))
ch = collections.ChainMap({'a': 1}, {'a': 2, 'b': 3}); print(ch['a'], ch['b'], len(ch), ch)
print(string.ascii_letters[:5], string.Template('$x-${y}').substitute(x=1, y=2), string.capwords('hello world'))
print('{:,.2f}'.format(1234567.891), '{:e}'.format(0.00012), '{:>08.3f}'.format(-3.14159), '{0[a]} {1.real}'.format({'a': 5}, 3))
print(format(1234, '_b'), format(255, '#o'), format(0.5, '%'), format(3, 'c' if False else 'd'), f'{"x":*^9}', f'{12345.678:10.2e}')
print('%5s|%-5d|%+.1e|%c|%o' % ('ab', 3, 12345.0, 65, 8), '%(a)s %(b)05.1f' % {'a': 'x', 'b': 2.25})
print(str.maketrans('ab', 'xy'), 'abc'.translate(str.maketrans('ab', 'xy', 'c')), 'a,b,,c'.split(','), 'a b  c'.split(None, 1))
print(re.sub(r'(\d+)', lambda m: str(int(m.group(1)) * 2), 'a1b22'), re.findall(r'(\w)=(\d)', 'a=1 b=2'), re.split(r'[;,]\s*', 'a, b;c'))
@functools.lru_cache(maxsize=2)
def sq(x):
    return x * x
sq(1); sq(2); sq(1); sq(3)
print(sq.cache_info(), functools.reduce(lambda a, b: a * b, range(1, 6)), functools.partial(int, base=2)('101'))
@functools.singledispatch
def show(x):
    return 'obj'
@show.register
def _(x: int):
    return 'int'
print(show(1), show('a'), show(2.0))
print(list(itertools.combinations('abc', 2)), list(itertools.permutations([1, 2, 3], 2))[:3], list(itertools.zip_longest('ab', 'xyz', fillvalue='-')))
print(list(itertools.batched('abcdefg', 3)) if hasattr(itertools, 'batched') else 'nobatched', list(itertools.filterfalse(lambda x: x % 2, range(6))), list(itertools.dropwhile(lambda x: x < 3, [1, 4, 1])))
r = random.Random(42); print(r.random(), r.randint(1, 10), r.choice('abc'), r.sample(range(10), 3), r.gauss(0, 1))
random.seed(1); l = list(range(6)); random.shuffle(l); print(l, random.uniform(1, 2), random.choices('ab', weights=[1, 3], k=4))
print(math.isclose(0.1 + 0.2, 0.3), math.prod([1, 2, 3]), math.comb(5, 2), math.inf, -math.inf, math.nan, math.fsum([0.1] * 10), math.log1p(1e-10))
print(copy.deepcopy({'a': [1, [2]]}), sys.maxsize, os.sep, os.path.splitext('a/b.tar.gz'), os.path.join('a', '/b', 'c'))
print(sorted({'b': 2, 'a': 1}.items(), key=lambda kv: kv[1], reverse=True), max([], default=0), min('abc', key=ord), divmod(-7, 2), round(0.5), round(1.5), round(-2.5))
print(int('0x1f', 16), int('1_000'), float('1e-3'), bin(-5), f'{-0.0}', 1e300 * 1e300, -(2**63), 10 ** -2, 7 // -2, -7 % 3)
print('%5.1s|%-6r|%3c|%-3c|%6s|%-6s|' % ('xyz', 'q', 'z', 65, None, True), '%10.3f|%-10.2e|%x' % (3.14159, 1234.5, 255))
print('%s %s' % ('a', ('b',)), '%r' % ((1, 2),), '%5s%%' % 50, '%.3s' % 'abcdef', '%(x)8s|' % {'x': 'r'})
