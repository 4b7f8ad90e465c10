# ChainMap: layered lookups; writes go to the first mapping.
from collections import ChainMap


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


defaults = {'color': 'red', 'user': 'guest'}
env = {'user': 'admin'}
cli = {}
config = ChainMap(cli, env, defaults)
print(config, len(config), config['user'], config['color'])
print(list(config), list(config.items()), 'color' in config, 'x' in config)
print(config.get('missing'), config.get('missing', 0), bool(config),
      bool(ChainMap({})), ChainMap())
config['color'] = 'blue'
print(cli, defaults, config['color'])
attempt('del missing', lambda: config.__delitem__('user'))
attempt('pop missing', lambda: config.pop('user'))
print(config.pop('user', 'fallback'))
print(config.popitem(), cli)
attempt('popitem empty', lambda: config.popitem())
attempt('lookup missing', lambda: config['nope'])

child = config.new_child()
child['depth'] = 1
print(child, child.parents, child.maps[0])
child2 = config.new_child({'a': 1}, b=2)
print(child2.maps[0])
print(ChainMap.fromkeys('ab', 0), ChainMap.fromkeys('xy'))
cp = config.copy()
cp['new'] = 1
print(cp.maps[0], config.maps[0], cp.maps[1] is config.maps[1])
print(ChainMap({'a': 1}) | {'b': 2}, {'b': 2} | ChainMap({'a': 1}))
m = ChainMap({'a': 1}, {'z': 0})
m |= {'c': 3}
print(m)
m.clear()
print(m, dict(ChainMap({'a': 1, 'b': 2}, {'b': 3, 'c': 4})))


class Default(ChainMap):
    def __missing__(self, key):
        return 'default-' + key


print(Default({'a': 'A'})['a'], Default({'a': 'A'})['q'])
r = ChainMap({})
r.maps[0]['me'] = r
print(r)
