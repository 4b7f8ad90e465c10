# oracle: pytorch
# covers: str methods as CPython has them: find/rfind/index/rindex/count/startswith/endswith with start and end in code points (non-ASCII text too), partition/rpartition, expandtabs, translate/maketrans, format_map, splitlines at every line boundary, strip with non-ASCII characters, case mapping beyond ASCII, padding, and the TypeError/ValueError messages


def attempt(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


s = 'héllo wörld héllo'
for args in [('l',), ('l', 3), ('l', -5), ('l', 3, 4), ('', 17), ('', 18), ('ö',), ('ö', 9),
             ('x',), ('llo', -3), ('', -100, 2), ('l', None, 5)]:
    print(args, s.find(*args), s.rfind(*args), s.count(*args))
for args in [('hé',), ('hé', 12), ('llo', 2, 5), ('', 17), ('', 18), (('x', 'wö'), 6), ('', 3, 2), ('llo', -3)]:
    print(args, s.startswith(*args), s.endswith(*args))
print('abc'.startswith('b', 1), 'abc'.endswith('b', 0, 2), 'abc'.endswith('', 5), 'abc'.startswith('', 3))
print(s.index('wö'), s.rindex('l'), s.index('l', 5, 16), s.rindex('h', 0, 5))
attempt(lambda: s.index('z'))
attempt(lambda: s.rindex('l', 0, 2))

print('a,b,c'.rpartition(','), 'abc'.rpartition('x'), 'abc'.partition('x'), 'aXbXc'.partition('X'))
print(repr('a\tb\r\tc\n\td'.expandtabs(4)), repr('x\ty'.expandtabs()), repr('é\tz'.expandtabs(3)),
      repr('a\tb'.expandtabs(0)))

table = str.maketrans('abc', 'xyz', 'd')
print(sorted(table.items()), 'abcdd e'.translate(table), 'abc'.translate({97: None, 98: 'BB', ord('c'): 0x263a}))
print(str.maketrans({'a': 'b', 5: None}), 'héllo'.translate({ord('é'): 'e'}))
print('x{a}y{b[0]}z{a!r:>5}'.format_map({'a': 'A', 'b': [9]}))


class Defaulting(dict):
    def __missing__(self, key):
        return '<' + key + '>'


print('{x} {y} {x}'.format_map(Defaulting(x=1)))

print(' \x1c a b\x85 c \u3000'.split(), 'a\u2028b\r\nc\rd\x0be\x0cf'.splitlines(),
      'a\nb\r\n'.splitlines(True), 'x\n\n'.splitlines(keepends=True), ''.splitlines())
print(' a b  c '.split(None, 1), ' a b  c '.rsplit(None, 1), 'a--b--c'.rsplit('--', 1), 'a b '.split(None, 1),
      ' a b'.rsplit(None, 1), ' a b '.split(None, 0), ' a b '.rsplit(maxsplit=0), 'a b '.split(None, 2), ' '.split(None, 0))
print(repr('éé'.replace('', '-')), repr('abc'.replace('', '-', 2)), 'aaaa'.replace('a', 'b', 2),
      'é'.center(5, '·'), 'é'.ljust(3, '*'), 'é'.rjust(3), 'é'.zfill(3), '-7'.zfill(4))
print(repr('  é  '.strip()), repr('éaé'.strip('é')), repr('xyéyx'.strip('xy')),
      repr('\u3000a\u3000'.strip()), 'ab'.rstrip('b'), 'ba'.lstrip('b'), repr('ab'.strip(None)))

print('Hello wORLD'.swapcase(), "they're bill's 3rd".title(), 'ÉCOLE Ölçü'.lower(), 'straße'.upper(),
      'Straße'.casefold(), 'élan'.capitalize(), 'ÀB'.isupper(), 'àb'.islower(), 'Élan Vital'.istitle())
print('é'.isalpha(), 'é1'.isalnum(), 'é'.isidentifier(), '1a'.isidentifier(), 'a b'.isprintable(),
      'a\x85'.isprintable(), ''.isprintable(), ' \t\u3000'.isspace(), 'é'.isascii())


class Index:
    def __index__(self):
        return 1


print('abc'.find('b', Index()), 'abc'.count('c', None, None), 'abc'.startswith('bc', Index()))

for f in [lambda: 'a'.find(), lambda: 'a'.find('a', 1, 2, 3), lambda: 'a'.find(sub='a'),
          lambda: 'a'.find(1), lambda: 'a'.find('a', 'x'), lambda: 'a'.count(),
          lambda: 'a'.startswith(), lambda: 'a'.startswith(1), lambda: 'a'.endswith((1,)),
          lambda: 'a'.rpartition(''), lambda: 'a'.partition(1), lambda: 'a'.ljust(3, 'ab'),
          lambda: 'a'.ljust('3'), lambda: 'a'.center(), lambda: 'a'.replace('a'),
          lambda: 'a'.replace('a', 1), lambda: 'a'.expandtabs('x'), lambda: 'a'.translate(),
          lambda: str.maketrans('ab', 'c'), lambda: str.maketrans(1), lambda: str.maketrans({'ab': 1}),
          lambda: 'a'.translate({97: 1.5}), lambda: 'a'.upper(1), lambda: 'a'.strip(1),
          lambda: 'a'.join(['b', 2]), lambda: 'a'.zfill(), lambda: 'a'.splitlines(1, 2),
          lambda: 'a'.removeprefix(1), lambda: 'a'.format_map()]:
    attempt(f)
