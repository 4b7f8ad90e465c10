# json.dumps / json.dump of the things training scripts write: configs,
# metrics, nested results, with every formatting option.
import json
import sys

config = {'model': 'mlp', 'lr': 0.001, 'epochs': 10, 'layers': [64, 32],
          'dropout': None, 'use_bias': True, 'seed': -7, 'name': 'run "α"',
          'betas': (0.9, 0.999), 'nested': {'a': {}, 'b': [], 'c': [[]]}}
metrics = [{'epoch': i, 'loss': 1.0 / (i + 1), 'acc': i * 0.1 + 0.05}
           for i in range(3)]

print(json.dumps(config))
print(json.dumps(config, sort_keys=True))
print(json.dumps(config, indent=2))
print(json.dumps(config, indent=0))
print(json.dumps(config, indent='\t', sort_keys=True))
print(json.dumps(config, separators=(',', ':')))
print(json.dumps(config, indent=4, separators=(', ', ' = ')))
print(json.dumps(config, ensure_ascii=False))
print(json.dumps(metrics, indent=1))
print(json.dumps([1e16, 1e-7, 0.1 + 0.2, -0.0, 3.0, 1.5e300, 123456789.125,
                  2 ** 62, -2 ** 63, float('nan'), float('inf'),
                  -float('inf')]))
print(json.dumps({1: 'int', 2.5: 'float', True: 'bool', None: 'none',
                  float('inf'): 'inf'}))
print(json.dumps({'b': 1, 'a': 2, 'c': {'z': 0, 'y': 1}}, sort_keys=True,
                 indent=3))
print(json.dumps('control \x00\x01\x1f\x7f \b\f\n\r\t "quoted" \\ / é ü 😀'))
print(json.dumps('control \x00\x01\x1f\x7f é 😀', ensure_ascii=False))
print(json.dumps(''), json.dumps([]), json.dumps({}), json.dumps(None),
      json.dumps(True), json.dumps(0), json.dumps('x'))
print(json.dumps({'k': 1, (1, 2): 3, 'z': [1]}, skipkeys=True))
print(json.dumps({'k': 1, (1, 2): 3, 'z': [1]}, skipkeys=True, indent=2))


class Point(object):
    def __init__(self, x, y):
        self.x = x
        self.y = y


def encode_point(obj):
    if isinstance(obj, Point):
        return {'x': obj.x, 'y': obj.y}
    raise TypeError('cannot encode %s' % type(obj).__name__)


class PointEncoder(json.JSONEncoder):
    def default(self, obj):
        if isinstance(obj, Point):
            return [obj.x, obj.y]
        return super().default(obj)


print(json.dumps([Point(1, 2), {'p': Point(3.5, None)}], default=encode_point))
print(json.dumps({'pts': [Point(1, 2)]}, cls=PointEncoder, indent=2))
print(PointEncoder(sort_keys=True).encode({'b': Point(0, 0), 'a': 1}))
print(list(json.JSONEncoder(indent=1).iterencode({'a': [1, {'b': 2}]})))


class Tensorish(object):
    pass


def attempt(label, function):
    try:
        print(label, function())
    except (TypeError, ValueError) as error:
        print(label, type(error).__name__, error)


attempt('object', lambda: json.dumps({'t': Tensorish()}))
attempt('object indent', lambda: json.dumps([Tensorish()], indent=2))
attempt('nan strict', lambda: json.dumps([float('nan')], allow_nan=False))
attempt('nan strict indent',
        lambda: json.dumps([float('nan')], allow_nan=False, indent=2))
attempt('inf key strict', lambda: json.dumps({float('inf'): 1},
                                             allow_nan=False))
attempt('tuple key', lambda: json.dumps({(1,): 2}))
attempt('mixed sort', lambda: json.dumps({1: 2, 'a': 3}, sort_keys=True))
loop = [1]
loop.append(loop)
attempt('circular list', lambda: json.dumps(loop))
ring = {}
ring['self'] = ring
attempt('circular dict', lambda: json.dumps(ring, indent=2))
attempt('circular default', lambda: json.dumps(Point(0, 0),
                                               default=lambda o: [o]))
attempt('no check', lambda: json.dumps([[1], [1]], check_circular=False))


class Out(object):
    def __init__(self):
        self.chunks = []

    def write(self, text):
        self.chunks.append(text)


out = Out()
json.dump(config, out, indent=2, sort_keys=True)
print(''.join(out.chunks))
out = Out()
try:
    json.dump([1, 2, float('nan')], out, allow_nan=False)
except ValueError as error:
    print('dump error:', error, repr(''.join(out.chunks)))
json.dump({'to': 'stdout'}, sys.stdout)
print()
