# Usage wrapping for short and long program names, long metavars, groups
# and positionals, at many terminal widths.
# COLUMNS: 80 70 60 50 40 30 20 12 5 200 abc 0 -3
import argparse


def show(parser):
    print(parser.format_usage(), end='')
    print(parser.format_help(), end='')
    print('-' * 20)


def many_options(prog):
    parser = argparse.ArgumentParser(prog=prog)
    for name in ['alpha', 'beta-value', 'gamma', 'delta-long-name', 'epsilon',
                 'zeta', 'eta-with-a-very-long-name-indeed', 'theta']:
        parser.add_argument('--' + name, help='set %s' % name)
    parser.add_argument('-q', action='store_true')
    group = parser.add_mutually_exclusive_group()
    group.add_argument('--json', action='store_true')
    group.add_argument('--yaml', action='store_true')
    group.add_argument('--format-string', metavar='FMT')
    parser.add_argument('input', help='input')
    parser.add_argument('outputs', nargs='+', help='outputs')
    parser.add_argument('extra', nargs='?', help='extra')
    return parser


show(many_options('t'))
show(many_options('a-much-longer-program-name-for-testing.py'))
show(many_options('x' * 70))

positional_only = argparse.ArgumentParser(prog='pos')
for index in range(12):
    positional_only.add_argument('argument_number_%d' % index)
show(positional_only)

required_mutex = argparse.ArgumentParser(prog='req')
group = required_mutex.add_mutually_exclusive_group(required=True)
for name in ['first-choice', 'second-choice', 'third-choice', 'fourth']:
    group.add_argument('--' + name, metavar='VALUE_' + name.upper())
group.add_argument('--hidden', help=argparse.SUPPRESS)
required_mutex.add_argument('--after', nargs='*', metavar=('A', 'B'))
show(required_mutex)

tricky = argparse.ArgumentParser(prog='tricky')
tricky.add_argument('--opt', metavar='[x]')
tricky.add_argument('--paren', metavar='(y)')
tricky.add_argument('--choice', choices=['one', 'two', 'three', 'four',
                                         'five', 'six', 'seven', 'eight'])
tricky.add_argument('files', nargs='*', metavar='FILE')
show(tricky)

mixed = argparse.ArgumentParser(prog='mixed')
mixed.add_argument('src', nargs='?')
group = mixed.add_mutually_exclusive_group()
group.add_argument('--a', action='store_true')
group.add_argument('--b', action='store_true')
group2 = mixed.add_mutually_exclusive_group()
group2.add_argument('--c', action='store_true')
group2.add_argument('--d', action='store_true')
mixed.add_argument('--e', action='store_true')
group3 = mixed.add_mutually_exclusive_group(required=True)
group3.add_argument('--f', action='store_true')
show(mixed)
