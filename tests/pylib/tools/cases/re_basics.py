# re on the strings a training script handles: searching, matching, groups
# (numbered and named), Match and Pattern objects, flags and their reprs.
import re

text = 'epoch 3/10 step 120: loss=0.4512 acc=91.2% lr=1e-3 (é, 😀)'
m = re.search(r'epoch (\d+)/(\d+)', text)
print(m)
print(m.group(), m.group(0), m.group(1), m.group(2), m.group(1, 2))
print(m.groups(), m.span(), m.start(1), m.end(2), m.span(2))
print(m[0], m[1], m.pos, m.endpos, m.lastindex, m.lastgroup)
print(m.re, m.string == text, m.regs)

m = re.search(r'loss=(?P<loss>[\d.]+) acc=(?P<acc>[\d.]+)%', text)
print(m.group('loss'), m['acc'], m.groupdict(), m.span('acc'), m.lastgroup)
print(float(m['loss']) * 2)
print(re.search(r'\((\w), (\S)\)', text))
print(re.search(r'\((\w), (\S)\)', text).span(2))

print(re.match(r'epoch', text), re.match(r'step', text))
print(re.fullmatch(r'\d+', '12345'), re.fullmatch(r'\d+', '123a'))
print(re.fullmatch('a|ab', 'ab'))

m = re.match(r'(a)(b)?(?P<c>c)?', 'a')
print(m.groups(), m.groups('-'), m.groupdict(), m.groupdict(0), m.lastindex)
print(m.group(2), m.start(2), m.span(3))
for bad in (5, 'zz', -1):
    try:
        m.group(bad)
    except IndexError as e:
        print('IndexError', e)

p = re.compile(r'(?P<name>[a-z_]+)\.(?P<index>\d+)')
print(p, p.pattern, p.flags, p.groups, p.groupindex)
print(p.search('layers.12.weight'), p.match('layers.12.weight', 0, 8))
print(p.search('xx layer.3', 3).pos, p.search('xx layer.3', pos=1, endpos=9))
print(p.findall('a.1 b.22 c.333'), p.findall('a.1 b.22 c.333', 4))
for m in p.finditer('blocks.0 blocks.1 head.7'):
    print(m.span(), m['name'], m['index'], m.expand(r'\g<name>[\2]'))
print([m.group() for m in re.finditer(r'\d', 'a1b2c3')])
print(list(re.finditer('a*', 'baa')))
print(re.findall(r'(\w+)=(\S+)', text), re.findall('x', text))

print(re.I, re.IGNORECASE, re.M | re.I, re.S, re.X, re.A, re.U, re.NOFLAG)
print(repr(re.I | re.S | re.X), int(re.I | re.M), re.I == 2, re.M & re.M)
print(re.compile('a+', re.IGNORECASE), re.compile('a', re.I | re.M | re.S))
print(re.compile('(?i)x'), re.compile('(?i)x').flags, re.compile('x').flags)
print(re.compile(r'\w', re.ASCII), re.compile(r'\w', re.ASCII).flags)
print(re.compile('x', re.UNICODE), re.compile('x', re.VERBOSE | re.DOTALL))
print(re.search('LOSS', 'Loss: 1', re.I), re.search('^b', 'a\nb', re.M))
print(re.search('a.b', 'a\nb'), re.search('a.b', 'a\nb', re.S))
print(re.search(r'''
    (\d+)   # the step
    \s* :   # a colon
''', 'step 120: x', re.X))
print(re.findall(r'\w+', 'héllo wörld 12', re.A), re.findall(r'\w+', 'héllo wörld 12'))
print(re.search('É', 'café', re.I), re.search('[à-ÿ]+', 'naïve text'))
print(re.search('x' * 60, 'x' * 70))
print(re.compile('y' * 250))
print(re.compile('a') == re.compile('a'), re.compile('a') == re.compile('a', re.I))
print(re.compile('abc') is re.compile('abc'), re.compile(p) is p)
print(type(m).__name__, type(p).__name__, isinstance(p, re.Pattern), isinstance(m, re.Match))
print(re.escape('model.layers[0].weight'), re.escape('a b*c+d?'), re.escape('x_y-z'))
print(re.search(re.escape('(1.5)'), 'value (1.5) here'))
re.purge()
print(re.search('(a)|b', 'b').lastindex, re.search('(a)|(b)', 'b').lastindex)
print(re.Match[str], re.Pattern[str])
print(bool(re.match('', 'x')), re.match('', 'x'))

# Flags are ints: passed where a count or position goes (a classic slip),
# they count as their value.
print(re.sub('a', 'b', 'aaaa', re.I), re.split('a', 'babab', re.I),
      re.compile('a').search('xxa', re.I))
m = re.match('(a)(b)(c)', 'abc')
print(m.group(re.I), m.span(re.I), m[re.I], m.group(True))
