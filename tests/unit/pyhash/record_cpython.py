#!/usr/bin/python3
"""Records CPython 3.11's hash() values and set iteration orders into
fixtures/ for the pyhash unit test.  Run with /usr/bin/python3 (CPython
3.11); it re-runs itself under several PYTHONHASHSEED values.

  fixtures/hashes.txt        '<kind> <seed> <args> <hash>' lines, plus
                             'seedparse' lines (PYTHONHASHSEED parsing)
  fixtures/sets_seed<N>.txt  set scenarios (see set_scenarios.py)
"""

import math
import os
import random
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, 'fixtures')
sys.path.insert(0, HERE)

from set_scenarios import spec  # noqa: E402

HASH_SEEDS = ['0', '12345', '1', '42', '4294967295']
SET_SEEDS = ['0', '12345']


def int_cases(rng):
    values = [0, 1, -1, 2, -2, 3, -3, 2 ** 30 - 1, 2 ** 30, -2 ** 30, 2 ** 31, 2 ** 32,
              2 ** 60, 2 ** 61 - 2, 2 ** 61 - 1, 2 ** 61, 2 ** 61 + 1, -(2 ** 61 - 1),
              -(2 ** 61), -(2 ** 61 + 1), 2 ** 62, 2 ** 63 - 1, -2 ** 63, -(2 ** 63 - 1),
              2 ** 63 - 2, 2 * (2 ** 61 - 1), 2 * (2 ** 61 - 1) - 1, 4 * (2 ** 61 - 1) + 3]
    values += [rng.randrange(-2 ** 63, 2 ** 63) for _ in range(300)]
    values += [rng.randrange(-1000, 1000) for _ in range(50)]
    return ['int x %d %d' % (v, hash(v)) for v in values]


def float_cases(rng):
    values = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, 2.0, 0.1, 3.141592653589793, 1e-300,
              5e-324, -5e-324, 2.2250738585072014e-308, 1e300, 1.7976931348623157e308,
              -1.7976931348623157e308, 1e16, 2.0 ** 53, 2.0 ** 53 + 2, 2.0 ** 61,
              2.0 ** 61 - 2 ** 9, 2.0 ** 62, 2.0 ** 63, -2.0 ** 63, 2.0 ** 64, 2.0 ** -61,
              2.0 ** -62, 2.0 ** -1074, math.inf, -math.inf, 1 / 3, -2.5, 123456789.125]
    while len(values) < 400:
        bits = rng.getrandbits(64)
        x = struct.unpack('<d', struct.pack('<Q', bits))[0]
        if not math.isnan(x):
            values.append(x)
    values += [rng.uniform(-1e6, 1e6) for _ in range(100)]
    return ['float x %s %d' % (x.hex(), hash(x)) for x in values]


def identity_cases():
    lines = ['bool x 0 %d' % hash(False), 'bool x 1 %d' % hash(True)]
    keep = []  # keeps the objects alive so that their addresses stay theirs
    for _ in range(20):
        nan = float('nan')
        obj = object()
        keep += [nan, obj]
        lines.append('nan x %d %d' % (id(nan), hash(nan)))
        lines.append('pointer x %d %d' % (id(obj), hash(obj)))
    return lines


def text_cases(rng):
    texts = ['', 'a', 'b', 'abc', 'hello world', 'x' * 7, 'x' * 8, 'x' * 9, 'y' * 15,
             'y' * 16, 'y' * 17, 'é', 'café', '\x80', '\xff', 'Ā', 'λ', '€uro', '\uffff',
             '日本語', '😀', 'a😀', '\U0010ffff', 'aé€😀', '\ud800', 'a\udfffb', '\x00',
             'A' * 100, 'λ' * 33, '😀' * 9]
    alphabets = [(0x20, 0x7f), (0x80, 0x100), (0x100, 0xd800), (0xe000, 0x10000),
                 (0x10000, 0x110000)]
    for _ in range(150):
        parts = rng.sample(alphabets, rng.randrange(1, 3))
        texts.append(''.join(chr(rng.randrange(*rng.choice(parts)))
                             for _ in range(rng.randrange(1, 30))))
    lines = ['str %s %s %d' % ('{seed}', t.encode('utf-8', 'surrogatepass').hex() or '-', hash(t))
             for t in texts]
    blobs = [b'', b'a', b'abc', bytes(range(256))] + [
        rng.randbytes(rng.randrange(1, 40)) for _ in range(30)]
    lines += ['bytes %s %s %d' % ('{seed}', b.hex() or '-', hash(b)) for b in blobs]
    return lines


def container_cases(rng):
    tuples = [(), (1,), (1, 2), (2, 1), ((1, 2), 3), (1, (2, 3)), ('a', 1.5), (-1,),
              (-2,), (True, 1.0, 1), ((), ((),)), ('é', ('😀', (0.5, -0.0))),
              tuple(range(50)), (2 ** 63 - 1, -2 ** 63), (float('inf'),)]
    for _ in range(60):
        tuples.append(tuple(rng.choice([rng.randrange(-9, 99), rng.random(), 'k%d' % rng.randrange(9),
                                        (rng.randrange(5), 'z')])
                            for _ in range(rng.randrange(0, 8))))
    sets = [frozenset(), frozenset([0]), frozenset([1]), frozenset([1, 2, 3]),
            frozenset([-1]), frozenset(range(100)), frozenset(['a', 'b', 'é']),
            frozenset([frozenset(), frozenset([1])]), frozenset([(1, 2), 'x', 2.5]),
            frozenset([frozenset([1, 2]), frozenset([frozenset([3])])])]
    for _ in range(60):
        sets.append(frozenset(rng.randrange(-50, 2 ** 40) for _ in range(rng.randrange(0, 20))))
    lines = ['tuple {seed} %s %d' % (spec(t), hash(t)) for t in tuples]
    lines += ['frozenset {seed} %s %d' % (spec(s), hash(s)) for s in sets]
    return lines


def worker_hashes():
    rng = random.Random(611)
    lines = text_cases(rng) + container_cases(rng)
    seed = os.environ['PYTHONHASHSEED']
    return [line.replace('{seed}', seed) for line in lines]


def worker_sets():
    from scenario_generator import all_scenario_lines
    check_display_matches_compiler()
    return all_scenario_lines()


def check_display_matches_compiler():
    """The 'display' op must build what a constant set display builds."""
    rng = random.Random(5)
    for _ in range(50):
        values = [rng.randrange(-100, 5000) for _ in range(rng.randrange(3, 40))]
        literal = eval('{' + ', '.join(map(str, values)) + '}')
        built = set()
        built.update(frozenset(tuple(frozenset(values))))
        assert list(literal) == list(built), values


def run_worker(mode, seed):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    out = subprocess.run([sys.executable, __file__, mode], env=env, check=True,
                         capture_output=True, text=True).stdout
    return out.splitlines()


def seed_parse_cases():
    """What CPython does with each PYTHONHASHSEED text: hash('abc') or error."""
    texts = [None, '', 'random', '0', '-0', '1', '42', '+42', ' 42', '\t7', '00012',
             '4294967295', '4294967296', '-1', 'abc', '42 ', ' ', '+', '0x10',
             '99999999999999999999999', '12345']
    lines = []
    for text in texts:
        env = dict(os.environ)
        env.pop('PYTHONHASHSEED', None)
        if text is not None:
            env['PYTHONHASHSEED'] = text
        answers = []
        for _ in range(2):
            run = subprocess.run([sys.executable, '-c', 'print(hash("abc"))'], env=env,
                                 capture_output=True, text=True)
            if run.returncode != 0:
                assert 'PYTHONHASHSEED must be' in run.stderr, run.stderr
                answers.append('error')
            else:
                answers.append(run.stdout.strip())
        answer = 'random' if answers[0] != answers[1] else answers[0]
        shown = '-' if text is None else (text.encode().hex() or '""')
        lines.append('seedparse x %s %s' % (shown, answer))
    return lines


def main():
    assert sys.version_info[:2] == (3, 11), 'record with CPython 3.11'
    os.makedirs(FIXTURES, exist_ok=True)
    rng = random.Random(1)
    lines = int_cases(rng) + float_cases(rng) + identity_cases()
    lines += [line for seed in HASH_SEEDS for line in run_worker('--worker-hashes', seed)]
    lines += seed_parse_cases()
    with open(os.path.join(FIXTURES, 'hashes.txt'), 'w') as out:
        out.write('\n'.join(lines) + '\n')
    print('hashes.txt: %d lines' % len(lines))
    for seed in SET_SEEDS:
        set_lines = run_worker('--worker-sets', seed)
        with open(os.path.join(FIXTURES, 'sets_seed%s.txt' % seed), 'w') as out:
            out.write('\n'.join(set_lines) + '\n')
        print('sets_seed%s.txt: %d lines' % (seed, len(set_lines)))


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--worker-hashes':
        print('\n'.join(worker_hashes()))
    elif len(sys.argv) > 1 and sys.argv[1] == '--worker-sets':
        print('\n'.join(worker_sets()))
    else:
        main()
