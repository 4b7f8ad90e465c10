# Decoding random near-JSON text: every value or error message (with its
# line/column/char position) must be CPython's.
import json
import random

rng = random.Random(1234)
SEEDS = ['{"a": [1, 2.5, -3e2, true, false, null], "b": {"c": "d\\n\\u00e9"}}',
         '[1, "two", {"three": 3}, [], {}, "\\ud83d\\ude00", -0.0, 1E+2]',
         '{"lr": 0.001, "epochs": 10, "name": "run \\"1\\"", "tags": ["x"]}',
         '"\\\\ \\/ \\b \\f \\n \\r \\t \\u0041"', '  \n[\n  1,\n  2\n]\n ']
ALPHABET = list('{}[]:,"\\ \n\t-+.eE0123456789abfnrtu') + ['null', 'true',
                                                           'NaN', 'Infinity']


def mutate(text):
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        op = rng.randint(0, 2)
        pos = rng.randint(0, len(chars))
        if op == 0 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif op == 1:
            chars.insert(pos, rng.choice(ALPHABET))
        elif chars:
            chars[min(pos, len(chars) - 1)] = rng.choice(ALPHABET)
    return ''.join(chars)


def show(text):
    try:
        print('ok ', repr(json.loads(text)))
    except json.JSONDecodeError as error:
        print('err', error.msg, '|', error.pos, error.lineno, error.colno,
              '|', error)
    except (ValueError, KeyError, TypeError) as error:
        print('exc', type(error).__name__, error)


for seed in SEEDS:
    show(seed)
    for _ in range(400):
        show(mutate(seed))
for _ in range(400):
    show(''.join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 8))))
