"""argparse's private word wrapper (engine/pylib/argparse/_wrap.py) against
CPython's textwrap, on random help-like text.

    /usr/bin/python3 unit_wrap_vs_textwrap.py
"""

import os
import random
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True        # no __pycache__ in engine/pylib
sys.path.insert(0, os.path.join(HERE, '..', '..', '..', 'engine', 'pylib',
                                'argparse'))
import _wrap   # noqa: E402  (a plain module: it has no relative imports)

WORDS = ['goof-ball', 'x-ray', 'a', 'the', '--', 'use', '-b', 'option!',
         'non-trivially-hyphenated', 'mixed-precision', 'e.g.', '--foo',
         'it--not', 'well--really', '3-4', 'ab-c', 'a-b-c', 'A-1', 'x--',
         'supercalifragilisticexpialidocious-word', 'f(x)', '"quoted"',
         'very-long-word-with-many-hyphens-here', 'é-ü', '_a-_b', 'lr=1e-3',
         'CUDA_VISIBLE_DEVICES', '---', 'a---b', 'a.--b', '2--3', 'ab--',
         '--ab', '-', '--x--y']


def main():
    rng = random.Random(5)
    failures = 0
    trials = 5000
    for _ in range(trials):
        text = ' '.join(rng.choice(WORDS) for _ in range(rng.randint(0, 14)))
        width = rng.randint(1, 40)
        indent = rng.choice(['', ' ', '    '])
        expected = textwrap.wrap(text, width, initial_indent=indent,
                                 subsequent_indent=indent)
        actual = _wrap.wrap(text, width, indent, indent)
        chunks_ok = (not text or textwrap.TextWrapper()._split(text) ==
                     _wrap.split_chunks(text))
        if expected != actual or not chunks_ok:
            failures += 1
            print('DIFF', repr(text), width, repr(indent), expected, actual)
    print('%d / %d wraps identical' % (trials - failures, trials))
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
