# Randomly shaped parsers: their help and usage text at several widths and
# the result (or error) of parsing random command lines.
# COLUMNS: 80 60 120 33
import argparse
import random
import sys

rng = random.Random(20240611)
WORDS = ['learning', 'rate', 'for', 'the', 'optimizer', 'non-negative',
         'batch-size', 'e.g.', '--', 'x', 'a-b', 'checkpoint_dir', 'path',
         '(default: %(default)s)', 'very-long-hyphenated-word-indeed', 'of',
         'epochs;', 'data', 'model', 'is', 'saved', 'here', '%(prog)s',
         'supercalifragilisticexpialidocious_option_value']
NAMES = ['lr', 'epochs', 'batch-size', 'data', 'model', 'out', 'seed', 'x',
         'verbose', 'resume', 'input-file', 'num-workers', 'log_dir', 'k']
FORMATTERS = [argparse.HelpFormatter, argparse.HelpFormatter,
              argparse.ArgumentDefaultsHelpFormatter,
              argparse.RawDescriptionHelpFormatter,
              argparse.RawTextHelpFormatter]
NARGS = [None, None, None, '?', '*', '+', 1, 2, 3]


def sentence(low, high):
    return ' '.join(rng.choice(WORDS) for _ in range(rng.randint(low, high)))


def text_block(low, high):
    # descriptions only know %(prog)s
    return sentence(low, high).replace('%(default)s', 'D')


def add_random_argument(container, used, positional):
    name = rng.choice(NAMES)
    while name in used:
        name = name + rng.choice(['2', '-x', '_y'])
    used.add(name)
    kwargs = {}
    if rng.random() < 0.7:
        kwargs['help'] = sentence(0, 14)
    if rng.random() < 0.08:
        kwargs['help'] = argparse.SUPPRESS
    if positional:
        names = [name.replace('-', '_')]
        kwargs['nargs'] = rng.choice([None, None, '?', '*', '+', 2])
    else:
        names = ['--' + name]
        if rng.random() < 0.4:
            names.insert(0, '-' + name[0])
        action = rng.choice(['store', 'store', 'store', 'store_true',
                             'count', 'append'])
        if action in ('store', 'append'):
            kwargs['nargs'] = rng.choice(NARGS)
        if action != 'store':
            kwargs['action'] = action
        if action == 'store' and rng.random() < 0.3:
            kwargs['type'] = rng.choice([int, float])
            kwargs['default'] = rng.choice([0, 1, 2.5])
    if 'nargs' in kwargs and kwargs['nargs'] is None:
        del kwargs['nargs']
    if rng.random() < 0.2 and kwargs.get('action') in (None, 'append'):
        kwargs['choices'] = rng.choice([['a', 'b'], ['sgd', 'adam', 'lbfgs'],
                                        ['1', '2', '3']])
    if rng.random() < 0.15 and kwargs.get('action') in (None, 'append'):
        kwargs['metavar'] = rng.choice(['N', 'PATH', 'LONG_METAVAR_NAME'])
    try:
        container.add_argument(*names, **kwargs)
    except (ValueError, argparse.ArgumentError) as error:
        print('add_argument%r failed: %s' % (tuple(names), error))


def random_parser(index):
    parser = argparse.ArgumentParser(
        prog=rng.choice(['train.py', 'p', 'a-rather-long-program-name.py',
                         'tool with spaces']),
        description=text_block(0, 30) if rng.random() < 0.6 else None,
        epilog=text_block(0, 20) if rng.random() < 0.3 else None,
        add_help=rng.random() < 0.9, exit_on_error=True,
        formatter_class=rng.choice(FORMATTERS))
    used = set()
    for _ in range(rng.randint(0, 6)):
        add_random_argument(parser, used, positional=False)
    if rng.random() < 0.4:
        group = parser.add_mutually_exclusive_group(
            required=rng.random() < 0.3)
        for _ in range(rng.randint(1, 3)):
            add_random_argument(group, used, positional=False)
    if rng.random() < 0.3:
        group = parser.add_argument_group(sentence(1, 3),
                                          text_block(0, 12) or None)
        for _ in range(rng.randint(1, 3)):
            add_random_argument(group, used, positional=rng.random() < 0.3)
    for _ in range(rng.randint(0, 3)):
        add_random_argument(parser, used, positional=True)
    return parser


def random_argv(parser):
    argv = []
    options = [s for a in parser._actions for s in a.option_strings
               if s not in ('-h', '--help')]
    for _ in range(rng.randint(0, 6)):
        roll = rng.random()
        if roll < 0.4 and options:
            option = rng.choice(options)
            if rng.random() < 0.2 and option.startswith('--'):
                option = option[:rng.randint(3, len(option))]
            argv.append(option)
        elif roll < 0.5:
            argv.append(rng.choice(['--', '-1', '-2.5', '-x', '--nope']))
        else:
            argv.append(rng.choice(['a', 'b', 'sgd', '1', '2', '3.5',
                                    'file.txt', 'adam']))
        if rng.random() < 0.1 and argv and argv[-1].startswith('--'):
            argv[-1] += '=' + rng.choice(['1', 'a', ''])
    return argv


for index in range(150):
    parser = random_parser(index)
    print('=== parser %d' % index)
    try:
        print(parser.format_help(), end='')
        print(parser.format_usage(), end='')
    except (ValueError, IndexError, AssertionError, KeyError) as error:
        print('help failed:', type(error).__name__, str(error).split(' <')[0])
    for _ in range(6):
        argv = random_argv(parser)
        print('--- argv', argv)
        sys.stdout.flush()
        try:
            namespace, extras = parser.parse_known_args(argv)
            print(namespace, extras)
        except SystemExit as exit_:
            sys.stderr.flush()
            print('exit', exit_.code)
        except (ValueError, IndexError, TypeError, AssertionError) as error:
            print('exception', type(error).__name__, str(error).split(' <')[0])
