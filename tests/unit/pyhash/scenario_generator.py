"""Random and hand-picked set scenarios, executed on CPython as they are
generated (so that the generator sees which names hold frozensets)."""

import random

from set_scenarios import SET_NAMES, Runner, spec

INF = float('inf')
FLOATS = [0.5, 1.5, 2.0, -0.0, 0.0, 1.0, 3.0, 1e300, 2.5e-300, INF, -INF, 7.25, 8.0,
          1e16, -2.0, 2.0 ** 61, 2.0 ** 62, 0.1, -1.0, 32.0, 1024.0]
STRS = (['', 'a', 'b', 'ab', 'abc', 'hello', 'x' * 8, 'y' * 9, 'é', 'café', 'λ', '€uro',
         '日本', '😀', 'a😀', '\ud800', 'Zz', '\x00', 'ÿ', 'Ā']
        + ['key%d' % i for i in range(40)])
LIMITS = [2 ** 63 - 1, -2 ** 63, 2 ** 61 - 1, 2 ** 61, -(2 ** 61), 2 ** 61 - 2, -1, -2,
          2 ** 62 + 5, 2 ** 32, -(2 ** 32), 2 ** 61 + 8, 2 ** 63 - 8]

# ops that make a new set from keys or sets: (name, arity kind)
BUILDERS = ['list', 'list', 'frozen', 'display', 'dict', 'copy', 'or', 'and', 'sub', 'xor',
            'union_list', 'inter_list', 'diff_list', 'diff_dict', 'symdiff_list']
MUTATORS = ['add', 'add', 'add', 'discard', 'discard', 'remove', 'pop', 'pop', 'clear',
            'update', 'ior', 'iand', 'isub', 'ixor', 'update_list', 'update_dict',
            'inter_update_list', 'diff_update_list', 'symdiff_update_list',
            'symdiff_update_dict']
QUERIES = ['le', 'lt', 'ge', 'gt', 'eq', 'disjoint', 'contains', 'subset_list',
           'superset_list', 'disjoint_list']


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.runner = Runner()
        self.lines = []
        self.next_obj = 0

    def emit(self, line):
        answer = self.runner.execute(line)
        self.lines.append('%s => %s' % (line, answer))

    # ---- key pools ------------------------------------------------------

    def key(self, flavour, allow_objects=True):
        rng = self.rng
        if rng.random() < 0.004:
            return 'u'  # unhashable: TypeError part-way through
        if flavour == 'small':
            return spec(rng.randrange(0, 40))
        if flavour == 'collide':
            base = rng.choice([8, 32, 128, 1024, 2 ** 20])
            return spec(base * rng.randrange(0, 40) + rng.choice([0, 0, 1, 5]))
        if flavour == 'high':
            return spec(rng.randrange(1, 100) << rng.choice([20, 32, 40, 50, 55]))
        if flavour == 'limits':
            return spec(rng.choice(LIMITS + [-rng.randrange(0, 30)]))
        if flavour == 'numeric':
            pick = rng.random()
            if pick < 0.45:
                return spec(rng.randrange(-5, 35))
            if pick < 0.55:
                return spec(rng.random() < 0.5)
            return spec(rng.choice(FLOATS))
        if flavour == 'strings':
            return spec(rng.choice(STRS))
        if flavour == 'tuples':
            a, b = rng.randrange(0, 6), rng.choice(['x', 'y', 1.5, 2, True])
            return spec(rng.choice([(a, b), (a,), (), ((a, b), a), (b, (a,))]))
        if flavour == 'objects':
            if not allow_objects or rng.random() < 0.4:
                return spec(rng.randrange(0, 12))
            return self.obj_key()
        assert flavour == 'mixed'
        return self.key(rng.choice(['small', 'numeric', 'strings', 'tuples', 'collide',
                                    'limits']))

    def obj_key(self):
        """An existing object (same identity) or a new one; hashes collide
        with each other and with the small ints."""
        rng = self.rng
        if self.next_obj and rng.random() < 0.5:
            ident = rng.randrange(0, self.next_obj)
            return 'o%d.%d.%d' % (ident, ident % 3, ident % 6)
        ident = self.next_obj
        self.next_obj += 1
        return 'o%d.%d.%d' % (ident, ident % 3, ident % 6)

    def keys(self, flavour, allow_objects=True, longest=25):
        count = self.rng.choice([0, 1, 2, 3, 5, 8, 13, longest, self.rng.randrange(0, longest)])
        return ' '.join(self.key(flavour, allow_objects) for _ in range(count))

    # ---- ops -------------------------------------------------------------

    def mutable_names(self):
        return [n for n in SET_NAMES if isinstance(self.runner.sets[n], set)]

    def random_op(self, flavour):
        rng = self.rng
        names = SET_NAMES
        target = rng.choice(names)
        a, b = rng.choice(names), rng.choice(names)
        kind = rng.random()
        if kind < 0.3:
            op = rng.choice(BUILDERS)
            if op in ('list', 'frozen', 'display'):
                return '%s %s %s' % (op, target, self.keys(flavour))
            if op == 'dict':
                return 'dict %s %s' % (target, self.keys(flavour, allow_objects=False))
            if op == 'copy':
                mutable = self.mutable_names()
                return 'copy %s %s' % (target, rng.choice(mutable)) if mutable else 'list s0'
            if op in ('or', 'and', 'sub', 'xor'):
                return '%s %s %s %s' % (op, target, a, b)
            dict_op = op == 'diff_dict'
            return '%s %s %s %s' % (op, target, a, self.keys(flavour, not dict_op))
        if kind < 0.8:
            mutable = self.mutable_names()
            if not mutable:
                return 'list %s' % target
            s = rng.choice(mutable)
            op = rng.choice(MUTATORS)
            if op in ('add', 'discard', 'remove'):
                return '%s %s %s' % (op, s, self.key(flavour))
            if op in ('pop', 'clear'):
                return '%s %s' % (op, s)
            if op in ('update', 'ior', 'iand', 'isub', 'ixor'):
                return '%s %s %s' % (op, s, rng.choice([a, s]) if rng.random() < 0.1 else a)
            dict_op = op.endswith('_dict')
            return '%s %s %s' % (op, s, self.keys(flavour, not dict_op))
        if kind < 0.87 and flavour == 'objects':
            return self.hook_line()
        op = rng.choice(QUERIES)
        if op == 'contains':
            return 'contains %s %s' % (a, self.key(flavour))
        if op.endswith('_list'):
            return '%s %s %s' % (op, a, self.keys(flavour))
        return '%s %s %s' % (op, a, b)

    def hook_line(self):
        rng = self.rng
        if not self.next_obj:
            self.obj_key()
        ident = rng.randrange(0, self.next_obj)
        victim = rng.choice(self.mutable_names() or ['s0'])
        return 'hook %d %s' % (ident, self.hook_action(victim, nested=True))

    def hook_action(self, victim, nested):
        rng = self.rng
        actions = ['raise', 'clear %s' % victim,
                   'add %s %s' % (victim, self.key('small')),
                   'add %s %s' % (victim, self.obj_key()),
                   'discard %s %s' % (victim, self.key('small')),
                   'discard %s %s' % (victim, self.obj_key()),
                   'update_list %s %s' % (victim, ' '.join(
                       self.key('small') for _ in range(rng.randrange(1, 12))))]
        if nested:
            # Re-arms a hook (often its own), so that a second comparison
            # after a restarted search shows in the sets.
            ident = rng.randrange(0, self.next_obj)
            actions.append('hook %d %s' % (ident, self.hook_action(victim, nested=False)))
        return rng.choice(actions)

    def scenario(self, flavour, length):
        self.emit('reset')
        self.next_obj = 0
        for name in SET_NAMES:
            if self.rng.random() < 0.7:
                self.emit('list %s %s' % (name, self.keys(flavour, longest=30)))
        for _ in range(length):
            self.emit(self.random_op(flavour))
            if self.rng.random() < 0.35:
                self.emit('check %s' % self.rng.choice(SET_NAMES))
        for name in SET_NAMES:
            self.emit('check %s' % name)


def growth_scenarios(gen):
    """Hand-written: growth past many resizes, shrinking, pops, big sets."""
    emit = gen.emit
    emit('reset')
    for stop in (5, 6, 19, 20, 77, 78, 307, 308, 1229, 1230, 4916, 4917):
        emit('range s0 0 %d 1' % stop)
        emit('digest s0')
        emit('list s1 ' + ' '.join('i%d' % (i * 37 % stop) for i in range(min(stop, 400))))
        emit('check s1')
    emit('range s0 0 60000 7')  # beyond 50000 elements: growth by used*2
    emit('digest s0')
    emit('update_range s0 1 130000 3')
    emit('digest s0')
    emit('discard_range s0 0 120000 2')
    emit('digest s0')
    emit('copy s1 s0')
    emit('digest s1')
    for count in (30000, 50001, 60000, 120000):
        # Keys far apart, so that the order shows the table size.
        emit('range s0 0 %d 1000003' % (count * 1000003))
        emit('digest s0')
        emit('discard_range s0 0 %d 2000006' % (count * 1000003))
        emit('digest s0')
    emit('range s0 0 3000 1')
    emit('discard_range s0 0 2990 1')  # shrinks after removing most
    emit('check s0')
    emit('range s2 0 3000 1')
    for _ in range(40):
        emit('pop s2')
    emit('clear s2')
    emit('update_range s2 0 40 1')
    for _ in range(5):
        emit('pop s2')  # the finger survives clear()
    emit('check s2')
    for n in (100, 1000):
        emit('range s3 0 %d 3' % n)
        emit('range s4 0 %d 2' % n)
        for op in ('or', 'and', 'sub', 'xor'):
            emit('%s s5 s3 s4' % op)
            emit('digest s5')
            emit('%s s5 s4 s3' % op)
            emit('digest s5')
    emit('range s3 0 4 1')
    emit('range s4 0 1000 1')
    emit('sub s5 s3 s4')  # other more than 8x larger: intersection first
    emit('check s5')
    emit('isub s4 s3')
    emit('digest s4')
    emit('list s0 ' + ' '.join('s' + ('w%d' % i).encode().hex() for i in range(600)))
    emit('digest s0')
    emit('display s1 i10 i3 i7 i100 i33')
    emit('check s1')
    emit('list s1 i10 i3 i7 i100 i33')
    emit('check s1')


def hook_scenarios(gen):
    """Hand-written: __eq__ that changes the set under a comparison."""
    emit = gen.emit
    cases = [
        # the stored key removes itself while answering "equal": lookup
        # restarts and then misses it; add trusts the "equal" answer
        ['list s0 o1.0.5 i3', 'hook 1 discard s0 o1.0.5', 'contains s0 o2.0.5', 'check s0'],
        ['list s0 o1.0.5 i3', 'hook 1 discard s0 o1.0.5', 'add s0 o2.0.5', 'check s0'],
        ['list s0 o1.0.5 i3', 'hook 1 discard s0 o1.0.5', 'discard s0 o2.0.5', 'check s0'],
        ['list s0 o1.0.5 i3', 'hook 1 discard s0 o1.0.5', 'remove s0 o2.0.5', 'check s0'],
        # a comparison that resizes the table, then compares again
        ['list s0 o1.0.5', 'hook 1 hook 1 add s1 i7', 'contains s0 o2.0.5', 'check s1'],
        # resize under the comparison, then re-arm: the restarted search
        # compares again (lookup checks for a change before trusting "equal")
        ['list s0 o1.0.5', 'hook 1 update_list s0 i0 i1 i2 i3 i4 i6 i7 i8 ; hook 1 add s1 i9',
         'contains s0 o2.0.5', 'check s0', 'check s1'],
        ['list s0 o1.0.5', 'hook 1 update_list s0 i0 i1 i2 i3 i4 i6 i7 i8 ; hook 1 add s1 i9',
         'add s0 o2.0.5', 'check s0', 'check s1'],
        ['list s0 o1.0.5', 'hook 1 update_list s0 i0 i1 i2 i3 i4 i6 i7 i8 ; hook 1 add s1 i9',
         'add s0 o2.1.5', 'check s0', 'check s1'],
        ['list s0 o1.0.5 i13', 'hook 1 discard s0 i13 ; hook 1 add s1 i9',
         'add s0 o2.1.5', 'check s0', 'check s1'],
        ['list s0 o1.0.5 i13', 'hook 1 add s0 i21 ; add s0 i29 ; hook 1 raise',
         'add s0 o2.1.5', 'check s0'],
        ['list s0 o1.0.5', 'hook 1 update_list s0 i0 i1 i2 i3 i4 i6 i7 i8', 'hook 2 add s1 i9',
         'contains s0 o2.1.5', 'check s0', 'check s1'],
        ['list s0 o1.0.5', 'hook 1 update_list s0 i0 i1 i2 i3 i4 i6 i7 i8', 'add s0 o2.1.5',
         'check s0'],
        ['list s0 o1.0.5 o3.1.5', 'hook 1 clear s0', 'add s0 o2.2.5', 'check s0'],
        ['list s0 o1.0.5 o3.1.5', 'hook 3 discard s0 o1.0.5', 'add s0 o2.2.5', 'check s0'],
        ['list s0 o1.0.5 i13 i21', 'discard s0 i13', 'hook 1 add s0 i29', 'add s0 o2.1.5',
         'check s0'],
        ['list s0 o1.0.5', 'list s1 o2.0.5 o4.1.5', 'hook 1 add s1 i5', 'and s2 s0 s1',
         'check s1', 'check s2'],
        ['list s0 o1.0.5 o4.1.5', 'list s1 o2.0.5', 'hook 1 clear s0', 'sub s2 s0 s1',
         'check s2'],
        # dummies purged from the 8-slot table under a comparison: CPython
        # sees the same (embedded) table with the same key in the slot, so
        # it does not restart and compares no second time
        ['list s0 o1.0.5 i1 i2', 'hook 1 diff_update_list s0 i1 i2 ; hook 1 add s1 i9',
         'contains s0 o2.1.5', 'check s0', 'check s1'],
        ['list s0 o1.0.5 i1 i2', 'hook 1 diff_update_list s0 i1 i2 ; hook 1 add s1 i9',
         'add s0 o2.1.5', 'check s0', 'check s1'],
        # intersection with an iterable stops reading it once all of `so`
        # matched: the unhashable item after that is never hashed
        ['list s0 i1 i2', 'inter_list s1 s0 i2 i1 u', 'check s1'],
        ['list s0 i1 i2', 'inter_list s1 s0 i2 u i1', 'check s1'],
        ['list s0 i1 i2', 'inter_update_list s0 i1 i2 u', 'check s0'],
        ['list s0 i1 o1.0.5', 'hook 2 add s3 i4', 'inter_list s1 s0 o1.0.5 i1 o2.0.5',
         'check s1', 'check s3'],
        # `so -= other` with other more than 8x larger iterates so & other:
        # the comparisons (and so the hooks that run) are other's keys
        # against so's, not the other way round
        ['list s0 o1.0.5', 'range s1 100 140 1', 'add s1 o2.0.5', 'hook 2 add s3 i1',
         'hook 1 add s4 i1', 'isub s0 s1', 'check s0', 'check s3', 'check s4'],
        ['list s0 o1.0.5', 'range s1 100 104 1', 'add s1 o2.0.5', 'hook 2 add s3 i1',
         'hook 1 add s4 i1', 'isub s0 s1', 'check s0', 'check s3', 'check s4'],
    ]
    for case in cases:
        emit('reset')
        for line in case:
            emit(line)


def all_scenario_lines(seed=20240611, count=260):
    gen = Generator(seed)
    growth_scenarios(gen)
    hook_scenarios(gen)
    flavours = ['small', 'collide', 'high', 'limits', 'numeric', 'strings', 'tuples',
                'mixed', 'objects', 'objects']
    for index in range(count):
        gen.scenario(flavours[index % len(flavours)], gen.rng.randrange(8, 40))
    return gen.lines
