"""Writes fixture.json: CPython 3.11's own outputs for backstep's random core.

Run with the reference interpreter:
    /usr/bin/python3 tests/unit/pyrandom/make_fixture.py

Sections (floats are stored as repr text, which strtod reads back exactly):
  sha512      [text, hex digest of text's UTF-8 bytes]
  float_hash  [repr(x), hash(x)]
  seeds       one object per seed:
    kind        "int" | "float" | "str" | "bool"; value: the seed (floats as
                repr text); version: 1 or 2 (str seeds only)
    state       Random(seed).getstate()[1]: 624 words and the position
                (only for the seeds in FULL_STATE, to keep the file small)
    random      the first 200 random() values
    bits        {k: first 12 getrandbits(k) values} (k = 64 may exceed int64)
    below       {n: first 12 _randbelow(n) values}
    long_run    random() after 100000 random() draws (the 100001st value)
    wide        {k: [fits, random() drawn right after getrandbits(k)]} for
                k > 64; fits says whether the value was below 2**63
    mixed_state getstate()[1] after 1000 random() and 7 getrandbits(64)
                (FULL_STATE seeds only)
"""

import hashlib
import json
import pathlib
import random
import struct

OUT = pathlib.Path(__file__).with_name('fixture.json')

SEEDS = [
    ('int', 0), ('int', 1), ('int', 42), ('int', -5), ('int', 5), ('int', 2**40),
    ('int', 2**32), ('int', 2**32 - 1), ('int', 2**63 - 1), ('int', -2**63),
    ('int', 123456789), ('int', -1),
    ('float', 3.7), ('float', -3.0), ('float', 0.5), ('float', -0.0), ('float', 1e300),
    ('float', 5e-324), ('float', float('inf')), ('float', float('-inf')), ('float', -1.0),
    ('float', 2.0**70), ('float', 1234.5678),
    ('str', 'hello', 2), ('str', 'ünïcode', 2), ('str', '', 2), ('str', 'a' * 200, 2),
    ('str', '€𝄞 mixed', 2), ('str', '0', 2), ('str', '\x00', 2), ('str', '\x00' * 5 + 'z', 2),
    ('str', 'hello', 1), ('str', 'ünïcode', 1), ('str', '', 1), ('str', '€𝄞 mixed', 1),
    ('bool', True), ('bool', False),
]

FULL_STATE = [('int', 0), ('float', 3.7), ('str', 'hello', 2), ('bool', True)]

BITS = [1, 2, 5, 8, 16, 31, 32, 33, 40, 53, 63, 64]
BELOW = [1, 2, 3, 7, 10, 100, 1000, 2**31, 2**32, 2**32 + 1, 2**40 + 3, 2**53 + 1, 2**62 + 1, 2**63 - 1]
WIDE = [65, 96, 100, 128]

SHA_TEXTS = ['', 'abc', 'hello', 'ünïcode', '€𝄞',
             'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn'
             'hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu'] + \
            ['x' * n for n in (55, 56, 63, 64, 111, 112, 113, 127, 128, 129, 239, 240, 1000)]


def seed_value(entry):
    kind, value = entry[0], entry[1]
    return float(value) if kind == 'float' else value


def new_random(entry):
    r = random.Random()
    r.seed(seed_value(entry), version=entry[2] if len(entry) > 2 else 2)
    return r


def float_text(x):
    return repr(x)


def seed_record(entry):
    rec = {'kind': entry[0], 'value': float_text(entry[1]) if entry[0] == 'float' else entry[1]}
    if entry[0] == 'str':
        rec['version'] = entry[2]
    r = new_random(entry)
    if entry in FULL_STATE:
        rec['state'] = list(r.getstate()[1])
    rec['random'] = [float_text(r.random()) for _ in range(200)]
    rec['bits'] = {}
    for k in BITS:
        r = new_random(entry)
        rec['bits'][str(k)] = [r.getrandbits(k) for _ in range(12)]
    rec['below'] = {}
    for n in BELOW:
        r = new_random(entry)
        rec['below'][str(n)] = [r._randbelow(n) for _ in range(12)]
    r = new_random(entry)
    for _ in range(100000):
        r.random()
    rec['long_run'] = float_text(r.random())
    rec['wide'] = {}
    for k in WIDE:
        r = new_random(entry)
        fits = r.getrandbits(k) < 2**63
        rec['wide'][str(k)] = [fits, float_text(r.random())]
    if entry in FULL_STATE:
        r = new_random(entry)
        for _ in range(1000):
            r.random()
        for _ in range(7):
            r.getrandbits(64)
        rec['mixed_state'] = list(r.getstate()[1])
    return rec


def float_hash_cases():
    xs = [0.0, -0.0, 1.0, -1.0, 1.5, -1.5, 2.0, 3.7, -3.7, 0.1, 1e300, -1e300, 1e-300, 5e-324,
          -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, float('inf'), float('-inf'),
          2.0**61, 2.0**61 - 2**9, 2.0**62, 2.0**-61, 2.0**-62, 1234.5678, 123456789.0]
    # Bit patterns spread over every exponent, signs and mantissas.
    gen = random.Random(2024)
    for _ in range(300):
        bits = gen.getrandbits(64)
        x = struct.unpack('<d', struct.pack('<Q', bits))[0]
        if x == x and x not in (float('inf'), float('-inf')):
            xs.append(x)
    return [[repr(x), hash(x)] for x in xs]


def main():
    data = {
        'sha512': [[t, hashlib.sha512(t.encode()).hexdigest()] for t in SHA_TEXTS],
        'float_hash': float_hash_cases(),
        'seeds': [seed_record(e) for e in SEEDS],
    }
    OUT.write_text(json.dumps(data, ensure_ascii=False, separators=(',', ':')) + '\n', encoding='utf-8')
    print(f'wrote {OUT} ({OUT.stat().st_size} bytes, {len(SEEDS)} seeds)')


if __name__ == '__main__':
    main()
