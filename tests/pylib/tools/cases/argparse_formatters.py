# The formatter classes and formatter settings scripts use.
# COLUMNS: 80 60 120
import argparse

DESCRIPTION = '''First line of the description.
    Indented second line, which is long enough that it would have to wrap if
    the formatter reflowed it.

A new paragraph after a blank line.'''


def build(formatter_class, **extra):
    parser = argparse.ArgumentParser(prog='fmt', description=DESCRIPTION,
                                     epilog='Epilog\n  keeps\n    its shape?',
                                     formatter_class=formatter_class, **extra)
    parser.add_argument('--lr', type=float, default=0.001,
                        help='learning rate\nwith a newline')
    parser.add_argument('--steps', type=int, default=100, help='steps')
    parser.add_argument('--name', help='no default shown for None')
    parser.add_argument('--flag', action='store_true', help='a flag')
    parser.add_argument('--hidden-default', default=argparse.SUPPRESS,
                        help='suppressed default')
    parser.add_argument('--explicit', default=3,
                        help='already says %(default)s and %(type)s')
    parser.add_argument('--pct', default=5, help='100%% sure, %(default)d%%')
    parser.add_argument('files', nargs='*', default=['a.txt'], type=str,
                        help='input files')
    parser.add_argument('mode', nargs='?', default='fast', type=str,
                        help='the mode')
    parser.add_argument('count', type=int, help='how many')
    return parser


for formatter_class in [argparse.HelpFormatter,
                        argparse.RawDescriptionHelpFormatter,
                        argparse.RawTextHelpFormatter,
                        argparse.ArgumentDefaultsHelpFormatter]:
    print('=====', formatter_class.__name__)
    build(formatter_class).print_help()


typed = argparse.ArgumentParser(prog='typed',
                                formatter_class=argparse.MetavarTypeHelpFormatter)
typed.add_argument('--lr', type=float, default=0.1)
typed.add_argument('--flag', action='store_true')
typed.add_argument('n', type=int, nargs='+')
typed.print_help()


class CombinedFormatter(argparse.ArgumentDefaultsHelpFormatter,
                        argparse.RawDescriptionHelpFormatter):
    pass


print('===== combined')
build(CombinedFormatter).print_help()
print('===== wide help position')
build(lambda prog: argparse.HelpFormatter(prog, max_help_position=40,
                                          width=100)).print_help()
print('===== narrow')
build(lambda prog: argparse.HelpFormatter(prog, width=30)).print_help()
print('===== indent 4')
build(lambda prog: argparse.HelpFormatter(prog, indent_increment=4)).print_help()


class CompactInvocation(argparse.HelpFormatter):
    """-s, --size SIZE instead of -s SIZE, --size SIZE (a common recipe)."""

    def _format_action_invocation(self, action):
        if not action.option_strings or action.nargs == 0:
            return super()._format_action_invocation(action)
        default = self._get_default_metavar_for_optional(action)
        args_string = self._format_args(action, default)
        return ', '.join(action.option_strings) + ' ' + args_string


parser = argparse.ArgumentParser(prog='compact',
                                 formatter_class=CompactInvocation)
parser.add_argument('-s', '--size', type=int, help='the size')
parser.add_argument('-n', '--dry-run', action='store_true', help='pretend')
parser.print_help()
print(repr(parser))
print(parser.add_argument('--late', type=float, default=0.5, help='h'))
print(argparse.Namespace(a=1, b='x') == argparse.Namespace(b='x', a=1),
      'a' in argparse.Namespace(a=1), argparse.Namespace(**{'not valid': 1}))
