"""fnmatch: shell-style wildcards (*, ?, [seq], [!seq]) on file names, as
CPython's module translates them to regular expressions."""

import os
import posixpath
import re

__all__ = ["filter", "fnmatch", "fnmatchcase", "translate"]

_cache = {}


def fnmatch(name, pat):
    name = os.path.normcase(name)
    pat = os.path.normcase(pat)
    return fnmatchcase(name, pat)


def _compile_pattern(pat):
    regex = _cache.get(pat)
    if regex is None:
        if isinstance(pat, bytes):
            raise TypeError("bytes patterns are not supported by backstep's fnmatch")
        regex = re.compile(translate(pat)).match
        _cache[pat] = regex
    return regex


def filter(names, pat):
    match = _compile_pattern(os.path.normcase(pat))
    return [name for name in names if match(os.path.normcase(name))]


def fnmatchcase(name, pat):
    return _compile_pattern(pat)(name) is not None


def translate(pat):
    """The regular expression (as CPython 3.11 writes it) matching what
    the shell pattern matches."""
    i, n = 0, len(pat)
    res = []
    while i < n:
        c = pat[i]
        i = i + 1
        if c == '*':
            if not res or res[-1] != '.*':
                res.append('.*')
        elif c == '?':
            res.append('.')
        elif c == '[':
            j = i
            if j < n and pat[j] == '!':
                j = j + 1
            if j < n and pat[j] == ']':
                j = j + 1
            while j < n and pat[j] != ']':
                j = j + 1
            if j >= n:
                res.append('\\[')
            else:
                stuff = pat[i:j]
                if '-' not in stuff:
                    stuff = stuff.replace('\\', r'\\')
                else:
                    chunks = []
                    k = i + 2 if pat[i] == '!' else i + 1
                    while True:
                        k = pat.find('-', k, j)
                        if k < 0:
                            break
                        chunks.append(pat[i:k])
                        i = k + 1
                        k = k + 3
                    chunk = pat[i:j]
                    if chunk:
                        chunks.append(chunk)
                    else:
                        chunks[-1] += '-'
                    for k in range(len(chunks) - 1, 0, -1):
                        if chunks[k - 1][-1] > chunks[k][0]:
                            chunks[k - 1] = chunks[k - 1][:-1] + chunks[k][1:]
                            del chunks[k]
                    stuff = '-'.join(s.replace('\\', r'\\').replace('-', r'\-') for s in chunks)
                stuff = re.sub(r'([&~|])', r'\\\1', stuff)
                i = j + 1
                if not stuff:
                    res.append('(?!)')
                elif stuff == '!':
                    res.append('.')
                else:
                    if stuff[0] == '!':
                        stuff = '^' + stuff[1:]
                    elif stuff[0] in ('^', '['):
                        stuff = '\\' + stuff
                    res.append(f'[{stuff}]')
        else:
            res.append(re.escape(c))
    # CPython wraps each '*' followed by fixed text in an atomic-group
    # emulation to keep matching linear; the names matched are the same.
    return r'(?s:%s)\Z' % ''.join(res)
