# Mistakes in parser construction, exit_on_error=False, custom types and
# error handling hooks.
import argparse
import sys


def attempt(label, function):
    try:
        result = function()
        print(label, 'ok', result if not isinstance(result, argparse.Action)
              else type(result).__name__)
    except SystemExit as exit_:
        print(label, 'exit', exit_.code)
    except (ValueError, TypeError, argparse.ArgumentError) as error:
        print(label, type(error).__name__, error)


p = argparse.ArgumentParser(prog='bad')
attempt('store nargs 0', lambda: p.add_argument('--a', nargs=0))
attempt('append nargs 0', lambda: p.add_argument('--a', action='append',
                                                 nargs=0))
attempt('const without ?', lambda: p.add_argument('--a', const=1))
attempt('unknown action', lambda: p.add_argument('--a', action='bogus'))
attempt('type not callable', lambda: p.add_argument('--a', type='int'))
attempt('FileType class', lambda: p.add_argument('--a', type=argparse.FileType))
attempt('metavar tuple', lambda: p.add_argument('--a', nargs=2,
                                                metavar=('X',)))
attempt('metavar tuple ok', lambda: p.add_argument('--pt', nargs=2,
                                                   metavar=('X', 'Y')))
attempt('bad nargs', lambda: p.add_argument('--a', nargs='x'))
attempt('positional required', lambda: p.add_argument('pos', required=True))
attempt('dest twice', lambda: p.add_argument('pos', dest='other'))
attempt('bad prefix', lambda: p.add_argument('--ok', 'bad'))
attempt('no dest', lambda: p.add_argument('--', action='store_true'))
attempt('conflict', lambda: p.add_argument('-h'))
attempt('conflicts', lambda: p.add_argument('-h', '--help', '--pt'))
attempt('bad handler', lambda: argparse.ArgumentParser(conflict_handler='x'))
mutex = p.add_mutually_exclusive_group()
attempt('required in mutex', lambda: mutex.add_argument('--r', required=True))
attempt('positional in mutex', lambda: mutex.add_argument('thing'))
attempt('optional positional in mutex',
        lambda: mutex.add_argument('thing2', nargs='?'))
p.print_help()

r = argparse.ArgumentParser(prog='resolve', conflict_handler='resolve')
r.add_argument('-v', '--verbose', action='store_true', help='old')
r.add_argument('-v', '--version', action='store_true', help='new')
r.add_argument('--verbose', type=int, help='newest')
r.print_help()

parent = argparse.ArgumentParser(add_help=False)
parent.add_argument('--seed', type=int, default=0, help='random seed')
shared = parent.add_argument_group('shared', 'From the parent.')
shared.add_argument('--device', default='cpu')
parent.set_defaults(from_parent=True)
child = argparse.ArgumentParser(prog='child', parents=[parent],
                                usage='%(prog)s [options] FILE')
child.add_argument('file')
child.print_help()
print(child.parse_args(['x']))

quiet = argparse.ArgumentParser(prog='quiet', exit_on_error=False)
quiet.add_argument('--n', type=int)
quiet.add_argument('--c', choices=['a'])
attempt('bad int', lambda: quiet.parse_args(['--n', 'x']))
attempt('bad choice', lambda: quiet.parse_args(['--c', 'b']))
attempt('missing arg', lambda: quiet.parse_args(['--n']))
attempt('unrecognized still exits', lambda: quiet.parse_args(['zz']))


def positive(text):
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError('%r is not a positive int' % text)
    return value


def broken(text):
    raise KeyError(text)


class Celsius(object):
    def __init__(self, text):
        self.degrees = float(text)

    def __repr__(self):
        return 'Celsius(%s)' % self.degrees


t = argparse.ArgumentParser(prog='types')
t.add_argument('--workers', type=positive, default=1)
t.add_argument('--temp', type=Celsius)
t.add_argument('--hook', type=broken)
t.add_argument('--out', type=argparse.FileType('w', encoding='utf-8'))
print(repr(argparse.FileType('rb', 0)), repr(argparse.FileType()))
attempt('positive', lambda: t.parse_args(['--workers', '3']))
attempt('not positive', lambda: t.parse_args(['--workers', '-3']))
attempt('not int', lambda: t.parse_args(['--workers', 'x']))
attempt('class type', lambda: t.parse_args(['--temp', '21.5']))
attempt('class type bad', lambda: t.parse_args(['--temp', 'hot']))
attempt('stdout', lambda: t.parse_args(['--out', '-']).out is sys.stdout)
try:
    t.parse_args(['--hook', 'x'])
except KeyError as error:
    print('KeyError escapes:', error)


class NoExitParser(argparse.ArgumentParser):
    def error(self, message):
        raise ValueError('custom: ' + message)


n = NoExitParser(prog='noexit')
n.add_argument('x', type=int)
attempt('custom error', lambda: n.parse_args([]))
attempt('custom error 2', lambda: n.parse_args(['q']))
attempt('exit', lambda: n.exit(3, 'leaving\n'))
n.print_usage(sys.stdout)
print(repr(n.format_usage()), repr(argparse.ArgumentParser(
    prog='bare', add_help=False).format_help()))
e = argparse.ArgumentError(None, 'plain message')
print(str(e), e.argument_name)
print(str(argparse.ArgumentError(t._actions[1], 'bad')))
v = argparse.ArgumentParser(prog='ver')
v.version = '9.9'
v.add_argument('-V', action='version')
v.add_argument('--ver', action='version', version='%(prog)s 2.0\nline two')
attempt('version', lambda: v.parse_args(['-V']))
attempt('version2', lambda: v.parse_args(['--ver']))
v.print_help()
sub = argparse.ArgumentParser(prog='sub')
cmds = sub.add_subparsers()
cmds.add_parser('a')
attempt('dup subparser', lambda: cmds.add_parser('a'))
attempt('dup alias', lambda: cmds.add_parser('b', aliases=['a']))
attempt('second subparsers', lambda: sub.add_subparsers())
attempt('no command given', lambda: sub.parse_args([]))
attempt('unknown command', lambda: sub.parse_args(['zz']))
print(cmds)

h = argparse.ArgumentParser(prog='expand', usage=argparse.SUPPRESS,
                            description='%(prog)s does things; 50%% done')
h.add_argument('--mode', choices=['a', 'b'], default='a', metavar='M',
               help='%(prog)s %(dest)s %(choices)s %(default)s %(metavar)s '
                    '%(required)s %(nargs)s %(const)s %(type)s %(option_strings)s')
h.add_argument('--empty', help='')
h.add_argument('--blank', help='   ')
h.add_argument('--typed', type=float, help='type is %(type)s, %(default)r')
h.add_argument('pos', nargs='?', default=argparse.SUPPRESS,
               help='its default is suppressed')
h.print_help()
h.print_usage()
attempt('suppressed usage error', lambda: h.parse_args(['--mode', 'z']))

args_file = '/tmp/backstep_pylib_args.txt'
with open(args_file, 'w') as handle:
    handle.write('--lr\n0.5\ndata.csv\n')
f = argparse.ArgumentParser(prog='fromfile', fromfile_prefix_chars='@')
f.add_argument('--lr', type=float)
f.add_argument('data')
attempt('from file', lambda: f.parse_args(['@' + args_file]))
__import__('os').remove(args_file)
attempt('missing file', lambda: f.parse_args(['@' + args_file]))
