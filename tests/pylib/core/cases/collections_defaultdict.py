# defaultdict: factories, __missing__, repr, copies and errors.
from collections import defaultdict


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


groups = defaultdict(list)
for word in ['apple', 'avocado', 'banana', 'blueberry', 'cherry']:
    groups[word[0]].append(word)
print(groups)
print(groups['z'], len(groups), 'q' in groups, groups.get('y'))
print(groups)

counts = defaultdict(int)
for ch in 'mississippi':
    counts[ch] += 1
print(counts, dict(counts), counts.default_factory)

nested = defaultdict(lambda: defaultdict(int))
nested['a']['x'] += 1
nested['a']['y'] += 2
print({k: dict(v) for k, v in nested.items()})

plain = defaultdict()
print(plain, plain.default_factory)
attempt('missing with None factory', lambda: plain['k'])
attempt('not callable', lambda: defaultdict(5))
attempt('too many', lambda: defaultdict(list, {}, {}))
print(defaultdict(None, {'a': 1}), defaultdict(int, a=1, b=2))
print(defaultdict(list, [('k', [1])]))

d = defaultdict(set, {'s': {1}})
c = d.copy()
c['s'].add(2)
c['t'].add(3)
print(type(c).__name__, c.default_factory, sorted(c), d['s'])
merged = d | {'u': {9}}
print(type(merged).__name__, merged.default_factory, sorted(merged))
merged2 = {'u': {9}} | d
print(type(merged2).__name__, sorted(merged2))
d |= {'v': set()}
print(sorted(d))
d.default_factory = str
print(repr(d['new']), d.default_factory)


class Tracking(defaultdict):
    def __missing__(self, key):
        print('  missing', key)
        return defaultdict.__missing__(self, key)


def filled():
    return 'filled'


t = Tracking(filled)
print(t['a'], t['a'], dict(t), t.default_factory.__name__)
print(repr(defaultdict), isinstance(t, dict))
r = defaultdict(list)
r['me'].append(r)
print(r)
