# types: SimpleNamespace, the builtin type names, new_class.
import types
from types import SimpleNamespace


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


ns = SimpleNamespace(a=1, b='two')
print(ns, repr(ns), ns.a, ns.b, vars(ns))
ns.c = [3]
del ns.a
print(ns, 'a' in vars(ns), hasattr(ns, 'c'))
print(SimpleNamespace(), SimpleNamespace(x=1) == SimpleNamespace(x=1),
      SimpleNamespace(x=1) == SimpleNamespace(x=2), SimpleNamespace() == 1,
      SimpleNamespace(x=1) != SimpleNamespace(x=1))
attempt('positional', lambda: SimpleNamespace(1))
attempt('dict positional', lambda: SimpleNamespace({'a': 1}))
attempt('missing attr', lambda: ns.zz)
attempt('del missing', lambda: delattr(ns, 'zz'))
attempt('hash', lambda: hash(ns))
rec = SimpleNamespace(name='loop')
rec.me = rec
print(rec)


class Config(SimpleNamespace):
    def describe(self):
        return sorted(vars(self))


cfg = Config(debug=True, level=3)
print(cfg, cfg.describe(), cfg == SimpleNamespace(debug=True, level=3))
attempt('subclass missing', lambda: cfg.nothing)
print(types.SimpleNamespace, SimpleNamespace.__module__)


def plain():
    pass


def gen():
    yield 1


class K:
    def method(self):
        return self


print(isinstance(plain, types.FunctionType), isinstance(lambda: 0, types.LambdaType),
      isinstance(K().method, types.MethodType), isinstance(len, types.BuiltinFunctionType),
      isinstance([].append, types.BuiltinMethodType), isinstance(gen(), types.GeneratorType),
      isinstance(types, types.ModuleType), isinstance(None, types.NoneType),
      isinstance(NotImplemented, types.NotImplementedType),
      isinstance(..., types.EllipsisType), isinstance(plain, types.MethodType))
k = K()
bound = types.MethodType(lambda self, x: (self is k, x), k)
print(bound(5), bound.__self__ is k)
print(types.FunctionType.__name__, types.GeneratorType.__name__,
      types.ModuleType.__name__, types.NoneType.__name__)
print(list[int], dict[str, list[int]], tuple[int, ...], tuple[()])
print(types.GenericAlias(list, (int,)), types.GenericAlias(dict, (str, int)))


def body(ns):
    ns['greet'] = lambda self: 'hi from ' + type(self).__name__
    ns['x'] = 1


Made = types.new_class('Made', (K,), exec_body=body)
print(Made.__name__, Made.__bases__, Made().greet(), Made.x, Made().method().x)


class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        ns['kw'] = kw
        return super().__new__(mcls, name, bases, ns)


WithMeta = types.new_class('WithMeta', (), {'metaclass': Meta, 'flag': 1})
print(type(WithMeta).__name__, WithMeta.kw)
print(types.resolve_bases((K, int)))
meta, namespace, kw = types.prepare_class('P', (K,), {'x': 1})
print(meta, dict(namespace), kw)


class Other(type):
    pass


class A(metaclass=Meta):
    pass


class B(metaclass=Other):
    pass


attempt('metaclass conflict', lambda: types.new_class('C', (A, B)))


class Dyn:
    @types.DynamicClassAttribute
    def value(self):
        return 'instance value'


print(Dyn().value)
attempt('class access', lambda: Dyn.value)
