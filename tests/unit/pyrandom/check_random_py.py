"""Runs engine/pylib/random.py under CPython, on a stand-in `_backstep`
(standin_backstep.py), and compares every function's results, exceptions and
warnings with CPython's own `random`, call by call.

    /usr/bin/python3 tests/unit/pyrandom/check_random_py.py [-v]

Prints the pass count; exits 1 on any mismatch.  A CPython result that does
not fit backstep's 64-bit ints is expected as backstep's OverflowError.
"""

import importlib.util
import pathlib
import random as cpython
import sys
import warnings

HERE = pathlib.Path(__file__).resolve().parent
PYLIB_RANDOM = HERE.parents[2] / 'engine' / 'pylib' / 'random.py'
sys.path.insert(0, str(HERE))

import random_cases as cases          # noqa: E402
import standin_backstep               # noqa: E402

INT64_MAX = 2**63 - 1
REPEAT = 30


def load_backstep_random():
    sys.modules['_backstep'] = standin_backstep
    spec = importlib.util.spec_from_file_location('backstep_random', PYLIB_RANDOM)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def normalized(value):
    """repr of a result, with ints beyond int64 as backstep's overflow."""
    if isinstance(value, int) and not isinstance(value, bool) and value > INT64_MAX:
        return ('raise', 'OverflowError', standin_backstep._OVERFLOW)
    return ('ok', repr(value))


def outcome(call, *args):
    """(result or exception, warnings) of call(*args)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        try:
            result = normalized(call(*args))
        except Exception as e:      # compared, not hidden
            result = ('raise', type(e).__name__, str(e))
    return result, [warning_location(w) for w in caught]


def warning_location(w):
    """A warning attributed to a caller keeps its place; one attributed to
    the random module itself (stacklevel 1) names either file, so not which."""
    if w.filename in (cpython.__file__, str(PYLIB_RANDOM)):
        return (w.category.__name__, str(w.message), '<random.py>')
    return (w.category.__name__, str(w.message), w.filename, w.lineno)


class Tally:
    def __init__(self, verbose):
        self.passed = self.failed = 0
        self.verbose = verbose

    def check(self, label, ours, theirs):
        if ours == theirs:
            self.passed += 1
            return True
        self.failed += 1
        if self.failed <= 20 or self.verbose:
            print('MISMATCH %s\n  backstep: %.300r\n  cpython:  %.300r' % (label, ours, theirs))
        return False


def seeded(module_random, seed):
    g = module_random.Random()
    if isinstance(seed, tuple):
        g.seed(seed[0], version=seed[1])
    else:
        g.seed(seed)
    return g


def check_streams(bs, tally):
    for seed in cases.SEEDS:
        for label, call in cases.STREAM_CALLS:
            ours, theirs = seeded(bs, seed), seeded(cpython, seed)
            for i in range(REPEAT):
                if not tally.check('%s seed=%r #%d' % (label, seed, i),
                                   outcome(call, ours), outcome(call, theirs)):
                    break
            tally.check('%s seed=%r state' % (label, seed), ours.getstate(), theirs.getstate())


def check_errors(bs, tally):
    cases.s0 = cpython.Random(7).getstate()[1]
    for label, call in cases.ERROR_CALLS:
        ours, theirs = bs.Random(0), cpython.Random(0)
        tally.check(label, outcome(call, ours), outcome(call, theirs))
        tally.check(label + ' then random()', outcome(ours.random), outcome(theirs.random))
        tally.check(label + ' then getstate()', ours.getstate(), theirs.getstate())


def check_states(bs, tally):
    ours, theirs = bs.Random(99), cpython.Random(99)
    for g in (ours, theirs):
        [g.random() for _ in range(700)]
        g.gauss()                                   # leaves gauss_next set
    tally.check('getstate mid-block with gauss_next', ours.getstate(), theirs.getstate())
    saved = theirs.getstate()
    ours.setstate(saved)                            # CPython's state into backstep
    theirs.setstate(saved)
    tally.check('gauss after setstate', outcome(ours.gauss), outcome(theirs.gauss))
    for i in range(1500):                           # across two twists
        if not tally.check('stream after setstate #%d' % i, ours.random(), theirs.random()):
            break
    tally.check('__reduce__', ours.__reduce__()[1:], theirs.__reduce__()[1:])
    other = cpython.Random()
    other.setstate(ours.getstate())                 # and backstep's into CPython
    tally.check('backstep state in CPython', other.random(), ours.random())


def check_module_functions(bs, tally):
    for seed in cases.SEEDS:
        if isinstance(seed, tuple):
            continue
        bs.seed(seed)
        cpython.seed(seed)
        for name, args in (('random', ()), ('randint', (1, 100)), ('gauss', ()),
                           ('choice', ('abcdefg',)), ('sample', (range(40), 7)),
                           ('choices', ('xyz', [3, 1, 1])), ('uniform', (0, 5)),
                           ('getrandbits', (40,)), ('expovariate', (0.5,)),
                           ('gammavariate', (2.0, 3.0)), ('randrange', (0, 99, 3))):
            tally.check('module %s seed=%r' % (name, seed),
                        outcome(getattr(bs, name), *args), outcome(getattr(cpython, name), *args))
        items = list(range(30))
        bs.shuffle(items)
        expected = list(range(30))
        cpython.shuffle(expected)
        tally.check('module shuffle seed=%r' % (seed,), items, expected)
        tally.check('module getstate seed=%r' % (seed,), bs.getstate(), cpython.getstate())
    tally.check('__all__', sorted(bs.__all__), sorted(cpython.__all__))


def subclasses(base):
    class OwnRandom(base):          # random() only: _randbelow_without_getrandbits
        def random(self):
            return base.random(self)

    class OwnBits(base):            # getrandbits: _randbelow_with_getrandbits
        def getrandbits(self, k):
            return base.getrandbits(self, k)

    class BitsThenRandom(OwnBits):  # the nearest definition decides
        def random(self):
            return base.random(self)

    return OwnRandom, OwnBits, BitsThenRandom


def check_subclasses(bs, tally):
    calls = [('randrange(1000)', lambda g: g.randrange(1000)),
             ('shuffle', lambda g: cases.shuffled(g, list(range(40)))),
             ('sample', lambda g: g.sample(range(200), 20)),
             ('choice', lambda g: g.choice('abcdefghij')),
             ('randrange(2**60)', lambda g: g.randrange(2**60))]
    for ours_cls, theirs_cls in zip(subclasses(bs.Random), subclasses(cpython.Random)):
        for label, call in calls:
            ours, theirs = ours_cls(5), theirs_cls(5)
            for i in range(10):
                tally.check('%s %s #%d' % (ours_cls.__name__, label, i),
                            outcome(call, ours), outcome(call, theirs))


def check_system_random(bs, tally):
    ours, theirs = bs.SystemRandom(), cpython.SystemRandom()
    values = [ours.random() for _ in range(200)]
    tally.check('SystemRandom.random in [0, 1)', all(0.0 <= x < 1.0 for x in values), True)
    tally.check('SystemRandom.random varies', len(set(values)) > 190, True)
    tally.check('SystemRandom.getrandbits(10)', all(0 <= ours.getrandbits(10) < 1024 for _ in range(100)), True)
    tally.check('SystemRandom.randrange', all(3 <= ours.randrange(3, 9) < 9 for _ in range(100)), True)
    tally.check('SystemRandom.sample', sorted(ours.sample(range(10), 10)), list(range(10)))
    for label, call in (('seed', lambda g: g.seed(5)), ('getstate', lambda g: g.getstate()),
                        ('setstate', lambda g: g.setstate(None)),
                        ('getrandbits(-1)', lambda g: g.getrandbits(-1)),
                        ('getrandbits(0)', lambda g: g.getrandbits(0))):
        tally.check('SystemRandom.' + label, outcome(call, ours), outcome(call, theirs))
    fresh = [bs.Random().random() for _ in range(5)]
    tally.check('Random() seeds from the OS', len(set(fresh)), 5)


def int64_violations(call, *args):
    """Runs call(*args) and lists the ints beyond backstep's int64 that
    random.py's frames held in a local variable (a backstep OverflowError)."""
    found = []
    target = str(PYLIB_RANDOM)

    def trace(frame, event, arg):
        if frame.f_code.co_filename != target:
            return None
        for name, value in frame.f_locals.items():
            if isinstance(value, int) and not -2**63 <= value <= INT64_MAX:
                found.append('%s:%d %s' % (frame.f_code.co_name, frame.f_lineno, name))
        return trace

    sys.settrace(trace)
    try:
        call(*args)
    except Exception:       # the outcome is compared elsewhere
        pass
    finally:
        sys.settrace(None)
    return sorted(set(found))


def check_int64_locals(bs, tally):
    for seed in (0, 'hello'):
        for label, call in cases.STREAM_CALLS:
            g = seeded(bs, seed)
            tally.check('int64 locals %s' % label,
                        [v for _ in range(5) for v in int64_violations(call, g)], [])
    for label, call in cases.ERROR_CALLS:
        tally.check('int64 locals %s' % label, int64_violations(call, bs.Random(0)), [])


def main():
    verbose = '-v' in sys.argv
    bs = load_backstep_random()
    tally = Tally(verbose)
    for part in (check_streams, check_errors, check_states, check_module_functions,
                 check_subclasses, check_system_random, check_int64_locals):
        before = tally.passed + tally.failed
        part(bs, tally)
        print('%-24s %6d checks' % (part.__name__, tally.passed + tally.failed - before))
    print('random.py vs CPython: %d passed, %d failed' % (tally.passed, tally.failed))
    return 1 if tally.failed else 0


if __name__ == '__main__':
    sys.exit(main())
