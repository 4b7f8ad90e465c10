"""The warnings filter pattern matcher (engine/pylib/_warnings_pattern.py)
against CPython's re, for match() at the start of the text.

    /usr/bin/python3 unit_pattern_vs_re.py
"""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True        # no __pycache__ in engine/pylib
sys.path.insert(0, os.path.join(HERE, '..', '..', '..', 'engine', 'pylib'))
import _warnings_pattern   # noqa: E402

PATTERNS = ['abc', 'a.c', '.*deprecated', 'foo|bar', '(ab)+c', 'a{2,3}b',
            'x{,2}y', '[a-c]+z', '[^a-c]+', r'\d+\.\d*', r'\w+\s', 'a*?b',
            '(?:ab|a)c', 'torch$', r'torch\Z', '^The', 'a?',
            '(a|ab)(c|bcd)(d*)', '[.]', r'\.', '[-a]', '[a-]+', 'x{2}', 'a{}',
            'ab{1,}', r'[\w.]+', '(a*)*b', '(a|)+b', r'torch\.nn\..*',
            '.*is deprecated.*', r'The default value of \w+ will change',
            '(?:Using|Use) a non-full backward hook', r'[A-Z][a-z]+Warning']
TEXTS = ['abc', 'ABC', 'aXc', 'this is deprecated', 'foo', 'bar', 'ababc',
         'aab', 'aaab', 'yy', 'xxy', 'abcz', 'ddd', '12.5', 'hi there', 'b',
         'torch', 'torch\n', 'torchx', 'The end', '', 'abcd', '.', 'x', '-a-',
         'xx', 'a{}', 'abbb', 'a.b_c', 'aaaab', 'torch.nn.modules.module',
         'torch.nnx', 'X is deprecated now', 'The default value of dim will '
         'change', 'Using a non-full backward hook when', 'UserWarning']


def main():
    failures = checks = 0
    for pattern in PATTERNS:
        for flags in (0, re.IGNORECASE):
            reference = re.compile(pattern, flags)
            ours = _warnings_pattern.compile(
                pattern, _warnings_pattern.IGNORECASE if flags else 0)
            if repr(reference) != repr(ours):
                failures += 1
                print('REPR', repr(reference), repr(ours))
            for text in TEXTS:
                checks += 1
                expected = reference.match(text)
                actual = ours.match(text)
                if (expected is None) != (actual is None) or (
                        expected and expected.end() + 1 != actual):
                    failures += 1
                    print('DIFF', repr(pattern), flags, repr(text))
    print('%d / %d matches identical' % (checks - failures, checks))
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
