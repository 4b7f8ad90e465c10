# nargs, '--', negative numbers, prefix matching and packed short flags,
# parsed with parse_args([...]) the way tests call it.
import argparse


def attempt(parser, argv):
    try:
        print(argv, '->', parser.parse_args(argv))
    except SystemExit as exit_:
        print(argv, '-> exit', exit_.code)


p = argparse.ArgumentParser(prog='nargs')
p.add_argument('--pair', nargs=2, type=float, metavar=('LO', 'HI'))
p.add_argument('--maybe', nargs='?', const='CONST', default='DEFAULT')
p.add_argument('--many', nargs='*')
p.add_argument('--some', nargs='+', type=int)
p.add_argument('--one', nargs=1)
p.add_argument('-x', action='store_true')
p.add_argument('-y', action='store_true')
p.add_argument('-z', type=int)
p.add_argument('src')
p.add_argument('rest', nargs='*')
p.print_help()
for argv in [['a'], ['a', 'b', 'c'], ['--pair', '1', '2', 's'],
             ['--pair', '1', 's'], ['--maybe', 's'], ['s', '--maybe'],
             ['--maybe=v', 's'], ['--many', 's'], ['s', '--many'],
             ['--some', 's'], ['--some', '1', '2', 's'],
             ['-xy', 's'], ['-xyz3', 's'], ['-xz', '4', 's'], ['-z5', 's'],
             ['-z=6', 's'], ['-xq', 's'], ['-x=1', 's'], ['--one', 'q', 's'],
             ['--', '-x'], ['s', '--', '--many', '-y'], ['--ma', 'v', 's'],
             ['--m', 'v', 's'], ['--so=1', 's'], ['-z', '-1', 's'],
             ['-1'], ['s', '-2.5', '-.5'], ['--pair', '-1', '-2', 's'],
             ['s', '--x'], ['s', '-'], ['s', '-q'], ['--pai', '1', '2', 's'],
             ['--one=', 's'], ['-z', ' -3', 's'], ['s', '-x -y'],
             ['--maybe', '--', 's']]:
    attempt(p, argv)

q = argparse.ArgumentParser(prog='negative')
q.add_argument('-1', dest='one', action='store_true')
q.add_argument('value', nargs='?')
for argv in [['-1'], ['-2'], ['x', '-1'], ['--', '-2']]:
    attempt(q, argv)

r = argparse.ArgumentParser(prog='remainder', allow_abbrev=False)
r.add_argument('--verbose', action='store_true')
r.add_argument('command')
r.add_argument('args', nargs=argparse.REMAINDER)
for argv in [['run', '-x', '--verbose'], ['--verbose', 'run', 'a', '--b'],
             ['--verb', 'run'], ['run']]:
    attempt(r, argv)
r.print_usage()

s = argparse.ArgumentParser(prog='intermixed')
s.add_argument('--foo')
s.add_argument('cmd')
s.add_argument('rest', nargs='*', type=int)
print(s.parse_intermixed_args('doit 1 --foo bar 2 3'.split()))
print(s.parse_known_args('doit 1 --foo bar 2 3'.split()))
print(s.parse_known_intermixed_args('x --foo b 1 --zz 2'.split()))

t = argparse.ArgumentParser(prog='plus', prefix_chars='+-')
t.add_argument('+v', '++verbose', action='count', default=0)
t.add_argument('-q', action='store_true')
t.print_help()
for argv in [['+vv', '-q'], ['++verbose', '+v'], ['++verb']]:
    attempt(t, argv)

u = argparse.ArgumentParser(prog='bools')
u.add_argument('--cuda', action=argparse.BooleanOptionalAction,
               default=True, help='use CUDA')
u.add_argument('--amp', action=argparse.BooleanOptionalAction)
u.add_argument('--const', action='store_const', const=42)
u.add_argument('--feat', action='append_const', const='f', dest='features')
u.add_argument('--ext', action='extend', nargs='+')
u.add_argument('--level', type=int, choices=range(1, 4), default=1)
u.print_help()
for argv in [['--no-cuda'], ['--cuda', '--amp'], ['--no-amp', '--const'],
             ['--feat', '--feat', '--ext', 'a', 'b', '--ext', 'c'],
             ['--level', '3'], ['--level', '7'], ['--level', 'x']]:
    attempt(u, argv)

v = argparse.ArgumentParser(prog='defaults', argument_default=argparse.SUPPRESS)
v.add_argument('--a', type=int)
v.add_argument('--b', default='5', type=int)
v.add_argument('--c', default='oops', type=int)
v.set_defaults(d='from set_defaults')
print(v.get_default('b'), v.get_default('d'), v.get_default('zz'))
attempt(v, [])
attempt(v, ['--c', '1'])
attempt(v, ['--a', '1', '--c', '2'])
