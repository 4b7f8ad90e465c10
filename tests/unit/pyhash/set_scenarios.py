"""Set scenarios for the pyhash fixtures: a tiny line-based language of set
operations, a generator of random scenarios in it, and an executor that runs
them on CPython's real set/frozenset and records what CPython answers.

The C++ test (set_scenarios_test.cpp) parses the same lines, runs them on
SetTable and compares every answer.

Keys are written without spaces:
  i<int>  b0|b1  f<float.hex()>  s<hex of UTF-8>  t(<key>,<key>,...)
  o<id>.<cls>.<hash>  an object whose __hash__ is <hash> and which equals
                      any object of the same <cls>; one object per <id>.
                      "hook <id> <op> ; <op>..." makes its next __eq__ call
                      run those ops first (one shot).
  u                   an unhashable value (a fresh list)
Set names are s0..s5.  Each output line is "<op line> => <answer>".
"""

import random

SET_NAMES = ['s0', 's1', 's2', 's3', 's4', 's5']


# ---- keys -----------------------------------------------------------------

def spec(key):
    if isinstance(key, bool):
        return 'b1' if key else 'b0'
    if isinstance(key, int):
        return 'i%d' % key
    if isinstance(key, float):
        return 'f' + key.hex()
    if isinstance(key, str):
        return 's' + key.encode('utf-8', 'surrogatepass').hex()
    if isinstance(key, tuple):
        return 't(' + ','.join(spec(k) for k in key) + ')'
    if isinstance(key, frozenset):
        return 'z(' + ','.join(spec(k) for k in key) + ')'
    if isinstance(key, Obj):
        return 'o%d.%d.%d' % (key.ident, key.cls, key.h)
    raise TypeError(key)


class Obj:
    """A key with a chosen hash whose __eq__ may run a scripted action."""

    def __init__(self, runner, ident, cls, h):
        self.runner, self.ident, self.cls, self.h = runner, ident, cls, h

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        self.runner.fire_hook(self.ident)
        if not isinstance(other, Obj):
            return NotImplemented
        return self.cls == other.cls


def parse_key(text, pos, runner):
    """Parses one key starting at text[pos]; returns (key, next position)."""
    kind = text[pos]
    if kind in 'tz':
        assert text[pos + 1] == '('
        pos += 2
        items = []
        while text[pos] != ')':
            item, pos = parse_key(text, pos, runner)
            items.append(item)
            if text[pos] == ',':
                pos += 1
        return (tuple(items) if kind == 't' else frozenset(items)), pos + 1
    end = pos + 1
    while end < len(text) and text[end] not in ',)':
        end += 1
    body = text[pos + 1:end]
    if kind == 'i':
        return int(body), end
    if kind == 'b':
        return body == '1', end
    if kind == 'f':
        return float.fromhex(body), end
    if kind == 's':
        return bytes.fromhex(body).decode('utf-8', 'surrogatepass'), end
    if kind == 'u':
        return [], end
    if kind == 'o':
        ident, cls, h = (int(x) for x in body.split('.'))
        return runner.obj(ident, cls, h), end
    raise ValueError(text)


def key_of(text, runner):
    key, end = parse_key(text, 0, runner)
    assert end == len(text), text
    return key


# ---- executor ---------------------------------------------------------------

class Runner:
    def __init__(self):
        self.reset()

    def reset(self):
        self.sets = {name: set() for name in SET_NAMES}
        self.objs = {}
        self.hooks = {}

    def obj(self, ident, cls, h):
        if ident not in self.objs:
            self.objs[ident] = Obj(self, ident, cls, h)
        return self.objs[ident]

    def fire_hook(self, ident):
        action = self.hooks.pop(ident, None)
        if action is None:
            return
        for part in action.split(' ; '):  # errors propagate out of __eq__
            if part == 'raise':
                raise ValueError('hook')
            self._execute(part.split())

    def keys(self, words):
        return [key_of(w, self) for w in words]

    def execute(self, line):
        """Runs one op line; returns its answer (a string)."""
        try:
            return self._execute(line.split())
        except (TypeError, ValueError, KeyError, AttributeError) as error:
            return '!' + type(error).__name__

    def _execute(self, words):
        op, args = words[0], words[1:]
        sets = self.sets
        if op == 'reset':
            self.reset()
        elif op == 'hook':
            self.hooks[int(args[0])] = ' '.join(args[1:])
        elif op == 'check':
            s = sets[args[0]]
            return '%d|%s|%d' % (len(s), ' '.join(spec(k) for k in s), hash(frozenset(s)))
        elif op == 'digest':
            s = sets[args[0]]
            digest = 0
            for k in s:
                digest = (digest * 1000003 + hash(k)) % 2**64
            return '%d|%d|%d' % (len(s), digest, hash(frozenset(s)))
        else:
            return self._execute_set_op(op, args)
        return 'ok'

    def _execute_set_op(self, op, args):
        sets = self.sets
        builders = {
            'list': lambda: set(self.keys(args[1:])),
            'frozen': lambda: frozenset(self.keys(args[1:])),
            'display': lambda: self._display(self.keys(args[1:])),
            'dict': lambda: set(dict.fromkeys(self.keys(args[1:]))),
            'range': lambda: set(range(*(int(a) for a in args[1:]))),
            'copy': lambda: sets[args[1]].copy(),
            'or': lambda: sets[args[1]] | sets[args[2]],
            'and': lambda: sets[args[1]] & sets[args[2]],
            'sub': lambda: sets[args[1]] - sets[args[2]],
            'xor': lambda: sets[args[1]] ^ sets[args[2]],
            'union_list': lambda: sets[args[1]].union(self.keys(args[2:])),
            'inter_list': lambda: sets[args[1]].intersection(self.keys(args[2:])),
            'diff_list': lambda: sets[args[1]].difference(self.keys(args[2:])),
            'diff_dict': lambda: sets[args[1]].difference(dict.fromkeys(self.keys(args[2:]))),
            'symdiff_list': lambda: sets[args[1]].symmetric_difference(self.keys(args[2:])),
        }
        if op in builders:
            sets[args[0]] = builders[op]()
            return 'ok'
        s = sets[args[0]]
        if op == 'add':
            s.add(key_of(args[1], self))
        elif op == 'discard':
            s.discard(key_of(args[1], self))
        elif op == 'remove':
            s.remove(key_of(args[1], self))
        elif op == 'pop':
            return spec(s.pop())
        elif op == 'clear':
            s.clear()
        elif op == 'contains':
            return str(key_of(args[1], self) in s)
        elif op in ('update', 'ior', 'iand', 'isub', 'ixor'):
            other = sets[args[1]]
            if op == 'update':
                s.update(other)
            elif op == 'ior':
                s |= other
            elif op == 'iand':
                s &= other
            elif op == 'isub':
                s -= other
            else:
                s ^= other
        elif op in ('le', 'lt', 'ge', 'gt', 'eq', 'disjoint'):
            other = sets[args[1]]
            return str({'le': lambda: s <= other, 'lt': lambda: s < other,
                        'ge': lambda: s >= other, 'gt': lambda: s > other,
                        'eq': lambda: s == other,
                        'disjoint': lambda: s.isdisjoint(other)}[op]())
        else:
            return self._execute_list_op(s, op, args[1:])
        return 'ok'

    def _execute_list_op(self, s, op, words):
        if op == 'update_range':
            s.update(range(*(int(a) for a in words)))
            return 'ok'
        if op == 'discard_range':
            s.difference_update(range(*(int(a) for a in words)))
            return 'ok'
        keys = self.keys(words)
        if op == 'update_list':
            s.update(keys)
        elif op == 'update_dict':
            s.update(dict.fromkeys(keys))
        elif op == 'inter_update_list':
            s.intersection_update(keys)
        elif op == 'diff_update_list':
            s.difference_update(keys)
        elif op == 'symdiff_update_list':
            s.symmetric_difference_update(keys)
        elif op == 'symdiff_update_dict':
            s.symmetric_difference_update(dict.fromkeys(keys))
        elif op == 'subset_list':
            return str(s.issubset(keys))
        elif op == 'superset_list':
            return str(s.issuperset(keys))
        elif op == 'disjoint_list':
            return str(s.isdisjoint(keys))
        else:
            raise AssertionError('unknown op ' + op)
        return 'ok'

    @staticmethod
    def _display(keys):
        # What CPython 3.11 runs for a display of 3+ constants: BUILD_SET 0;
        # LOAD_CONST <frozenset>; SET_UPDATE.  The compiler builds the
        # constant frozenset from the items, then its constant-merging pass
        # rebuilds it from that frozenset's iteration order.  (Code-object
        # creation rebuilds it once more when interning replaces one of its
        # strings by an already interned equal one; not modelled here.)
        folded = frozenset(tuple(frozenset(keys)))
        result = set()
        result.update(folded)
        return result
