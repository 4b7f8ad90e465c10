# The errors re raises for bad patterns, templates and arguments, with
# re.error's message, position, line and column as CPython reports them.
import os
import re
import warnings

patterns = ['a(b', 'a)b', '[abc', 'a**', '*a', 'a{2,1}', r'\p', '(?P<1a>x)',
            '(?P<a>x)(?P<a>y)', r'(a)\2', '(?<=a+)b', 'x\n(y', 'ab\n\ncd[',
            '(?z)', r'\x4', '[z-a]', '(?P=nope)', 'a|*', '(?', 'é(', '\\']
for pattern in patterns:
    try:
        re.compile(pattern)
        print(repr(pattern), 'compiled')
    except re.error as e:
        print(repr(pattern), '->', e)
        print('   ', repr(e.msg), e.pos, e.lineno, e.colno, e.pattern == pattern)

try:
    re.compile('a', re.LOCALE)
except ValueError as e:
    print('ValueError', e)
try:
    re.compile('a{4294967296}')
except OverflowError as e:
    print('OverflowError', e)

for template in [r'\2', r'\g<x>', r'\g<1', r'\g<>', '\\', r'\q']:
    try:
        print(re.sub('(a)', template, 'a'))
    except re.error as e:
        print(repr(template), 'error:', e, e.pos)
    except IndexError as e:
        print(repr(template), 'IndexError:', e)

for call in [lambda: re.compile(5), lambda: re.search('a', 5),
             lambda: re.compile(re.compile('a'), re.I),
             lambda: re.sub('a', 5, 'a'), lambda: re.sub('a', lambda m: 5, 'a'),
             lambda: re.compile('a').match(None), lambda: re.findall('a', ['a']),
             lambda: re.match('(a)', 'a').group(2),
             lambda: re.match('(a)', 'a')['name'],
             lambda: re.match('(a)', 'a').start(3),
             lambda: re.compile('a', 'x'), lambda: re.escape(5),
             lambda: re.compile('a').search('a', 1.0),
             lambda: re.match('(a)', 'a').expand(None),
             lambda: re.split('a', 'bab', 'x')]:
    try:
        print(call())
    except (TypeError, ValueError, IndexError) as e:
        print(type(e).__name__ + ':', e)

e = re.error('plain message')
print(e, repr(e), e.msg, e.pos, e.lineno, e.colno, e.args)
e = re.error('with position', 'ab\ncd', 4)
print(e, e.lineno, e.colno, e.args)
print(issubclass(re.error, Exception), re.error.__name__, re.error.__module__)

try:
    re.compile('(unclosed')
except Exception as e:
    print(type(e).__name__, type(e) is re.error, isinstance(e, re.error))

p = re.compile('(a)')
m = p.match('a')
for obj, attr in [(p, 'pattern'), (p, 'flags'), (p, 'groupindex'), (m, 'string'), (m, 'pos')]:
    try:
        setattr(obj, attr, None)
    except AttributeError as e:
        print('AttributeError:', e)

print(re.compile('(' * 50 + ')' * 50).groups)
print(re.match('(?:a|b)*c', 'ab' * 50000 + 'c').end())
print(re.search('(a*)*b', 'a' * 12) is None)

# Patterns that later Pythons will read differently warn (FutureWarning),
# at the line of the program that compiled them, once: the compiled
# pattern is cached.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print(re.findall('[[a]', 'x[a'))
    print(re.compile('[a-z&&b]').pattern)
    print(re.compile('[[a]').pattern)
    try:
        re.compile('x[[a')      # warns, then fails
    except re.error as e:
        print(e)
for w in caught:
    print(w.category.__name__, w.message, w.lineno, os.path.basename(w.filename))

re.compile('[unclosed')
