# Random parsers with short flags, subcommands, REMAINDER, const and
# required options, fed random command lines (packed flags, -xVALUE,
# --opt=value, abbreviations, negative numbers, '--').
# COLUMNS: 80 52
import argparse
import random
import sys

rng = random.Random(777)
LONG = ['alpha', 'beta', 'bet', 'gamma', 'gamma-ray', 'delta', 'out', 'o']
SHORT = list('abcdgoxy1')
VALUES = ['1', '-1', '-2.5', '0', 'x', 'abc', 'a=b', '', ' ', '-', '--',
          '-a', '-ab', '-x1', '-1x', '--al', '--alpha=3', '--gam', '--nope',
          'sub1', 'sub2', 's', '-y-2', '--=x', '-=', 'tr']


def random_action_kwargs():
    kind = rng.choice(['store', 'store', 'flag', 'count', 'const', 'append',
                       'bool', 'optional', 'int'])
    if kind == 'flag':
        return {'action': 'store_true'}
    if kind == 'count':
        return {'action': 'count'}
    if kind == 'const':
        return {'action': 'store_const', 'const': 'C'}
    if kind == 'append':
        return {'action': 'append', 'nargs': rng.choice([None, 2, '+'])}
    if kind == 'bool':
        return {'action': argparse.BooleanOptionalAction}
    if kind == 'optional':
        return {'nargs': '?', 'const': 'K', 'default': 'D'}
    if kind == 'int':
        return {'type': int, 'default': '7'}
    return {'nargs': rng.choice([None, None, '*', '+', 1, 2])}


def add_options(parser, count):
    for _ in range(count):
        names = []
        if rng.random() < 0.6:
            names.append('-' + rng.choice(SHORT))
        if rng.random() < 0.7 or not names:
            names.append('--' + rng.choice(LONG))
        kwargs = random_action_kwargs()
        if kwargs.get('action') is argparse.BooleanOptionalAction:
            names = [n for n in names if n.startswith('--')] or ['--' + LONG[0]]
        if rng.random() < 0.1 and kwargs.get('action') != 'count':
            kwargs['required'] = True
        try:
            parser.add_argument(*names, **kwargs)
        except (argparse.ArgumentError, ValueError) as error:
            print('skip', names, error)


def random_parser():
    parser = argparse.ArgumentParser(
        prog='r', allow_abbrev=rng.random() < 0.8,
        prefix_chars=rng.choice(['-', '-', '-', '-+']))
    add_options(parser, rng.randint(0, 5))
    shape = rng.random()
    if shape < 0.3:
        commands = parser.add_subparsers(dest='cmd')
        for name in ['sub1', 'sub2']:
            sub = commands.add_parser(name, help='the %s command' % name)
            add_options(sub, rng.randint(0, 2))
            if rng.random() < 0.5:
                sub.add_argument('item', nargs=rng.choice([None, '?', '*']))
    elif shape < 0.45:
        parser.add_argument('cmd')
        parser.add_argument('rest', nargs=argparse.REMAINDER)
    else:
        for index in range(rng.randint(0, 2)):
            parser.add_argument('p%d' % index,
                                nargs=rng.choice([None, '?', '*', '+', 2]))
    return parser


for index in range(120):
    parser = random_parser()
    print('=== %d' % index)
    try:
        parser.print_help()
    except Exception as error:
        print('help error', type(error).__name__)
    for _ in range(8):
        argv = [rng.choice(VALUES) for _ in range(rng.randint(0, 5))]
        print('--- %r' % argv)
        sys.stdout.flush()
        try:
            print(parser.parse_known_args(argv))
        except SystemExit as exit_:
            sys.stderr.flush()
            print('exit', exit_.code)
        except Exception as error:
            print('error', type(error).__name__, error)
