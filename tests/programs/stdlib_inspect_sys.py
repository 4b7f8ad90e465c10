# inspect (signature of functions, wrapped functions, classes, methods,
# partials; bind; predicates; getdoc; getfullargspec), sys's constants,
# and other script idioms: wraps, warnings capture, SimpleNamespace,
# operator getters, cosine schedules, sys.exit.
import inspect, functools
from typing import Optional, List
def step(x: int, y: float = 0.5, *rest, scale: Optional[float] = None, **kw) -> List[int]:
    """Do a step.

        Indented detail.
    """
    return [x]
def deco(fn):
    @functools.wraps(fn)
    def w(*a, **k):
        return fn(*a, **k)
    return w
@deco
def g(a, b=2): pass
class Net:
    """A net."""
    def __init__(self, hidden, *, depth=2): pass
    def forward(self, x, mask=None): pass
    def __call__(self, x): pass
print(inspect.signature(step), inspect.signature(g), inspect.signature(Net), inspect.signature(Net(1).forward), inspect.signature(Net(1)))
sig = inspect.signature(lambda a, b=2, *c, d, **e: 0)
print(sig, [(p.name, p.kind.name, p.default) for p in sig.parameters.values()], repr(sig), sig.parameters['b'])
print(list(inspect.signature(Net.forward).parameters), inspect.signature(functools.partial(step, 1, scale=2.0)))
b = inspect.signature(step).bind(1, 2, 3, scale=1.0, z=5)
print(b, b.args, b.kwargs)
b2 = inspect.signature(g).bind(1); b2.apply_defaults(); print(b2.arguments)
try:
    inspect.signature(step).bind()
except TypeError as e:
    print(e)
print(inspect.isclass(int), inspect.isfunction(step), inspect.ismethod(Net(1).forward), inspect.isgeneratorfunction(step))
def gen():
    yield 1
print(inspect.isgeneratorfunction(gen), inspect.getdoc(step), inspect.getdoc(Net), inspect.cleandoc('  a\n    b\n  c'))
print(inspect.getfullargspec(step))
print(inspect.Parameter.empty, inspect.Parameter('x', inspect.Parameter.KEYWORD_ONLY, default=3), inspect.signature(step).return_annotation)
print([n for n, _ in inspect.getmembers(Net, inspect.isfunction)], inspect.unwrap(g).__name__, inspect.signature(g, follow_wrapped=False))
import sys, os, time, json, functools, collections, contextlib, math, warnings, io, abc, copy, itertools, operator, types
print(sys.argv[0].endswith('t12.py'), sys.executable != '', sys.flags.optimize if hasattr(sys, 'flags') else 'noflags', sys.float_info.epsilon if hasattr(sys, 'float_info') else 'nofi')
print(sys.byteorder, sys.getdefaultencoding() if hasattr(sys, 'getdefaultencoding') else 'x')
def timed(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        return fn(*a, **k)
    return wrapper
@timed
def step(x: int) -> int:
    """Doc."""
    return x + 1
print(step.__name__, step.__doc__, step.__wrapped__.__name__, step.__annotations__, step(1))
ma = collections.deque(maxlen=3)
for v in [1.0, 2.0, 3.0, 4.0]:
    ma.append(v)
print(sum(ma) / len(ma), ma)
ns = types.SimpleNamespace(lr=0.1, bs=32)
print(ns, vars(ns), ns.lr)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    warnings.warn('deprecated thing', DeprecationWarning)
    print(len(w), w[0].category.__name__, str(w[0].message))
sys.stdout.write('written\n')
print('a', 'b', sep='-', end='!\n', flush=True)
print(json.dumps({'a': 1}, indent=2), file=sys.stdout)
s = io.StringIO(); json.dump([1, {'b': None}], s); print(s.getvalue())
print(operator.itemgetter(1, 0)([5, 6]), operator.attrgetter('lr')(ns), operator.methodcaller('upper')('x'))
lr = [0.5 * (1 + math.cos(math.pi * e / 10)) for e in range(0, 11, 5)]
print(lr)
print(os.getenv('NOPE_VAR', '0'), int(os.environ.get('LOCAL_RANK', 0)), os.cpu_count() > 0, os.path.expanduser('~') != '~')
print(list(zip(*[(1, 'a'), (2, 'b')])), list(enumerate('ab', 1)), dict(zip('ab', range(2))))
class Base(abc.ABC):
    @property
    @abc.abstractmethod
    def name(self): ...
class Impl(Base):
    name = 'impl'
print(Impl().name, Base.__abstractmethods__)
@contextlib.contextmanager
def cd(p):
    old = os.getcwd()
    try:
        yield p
    finally:
        pass
with cd('/tmp') as d:
    print(d)
print(f'{time.strftime("%Y")}' >= '2024', isinstance(time.time(), float), time.localtime().tm_year >= 2024)
print(repr(sys.stdout.name) if hasattr(sys.stdout, 'name') else '', sys.stdout.isatty(), sys.stderr.fileno())
try:
    sys.exit('bye')
except SystemExit as e:
    print('exit', e.code)
print(float('inf') > 1e308, math.isfinite(1.0), round(2.5), f'{1/3:.3}', f'{1e6:g}', f'{123456789:,}', f'{0.1:.20f}')
print(sys.flags.optimize, sys.flags.hash_randomization, sys.float_info.max, sys.float_info.dig, repr(sys.float_info)[:40], sys.version_info)
import torch
w = torch.ones(2, requires_grad=True)
(w * 3).sum().backward()
print(w.grad, inspect.signature(torch.nn.Module.__init__) if False else '')
