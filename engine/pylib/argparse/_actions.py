"""Namespace, Action and the built-in actions (store, store_true, append,
count, help, version, parsers, ...), and FileType.

Constructor signatures and the ValueErrors they raise are CPython's: user
code passes these keyword arguments, subclasses Action, and prints actions
(the repr lists the same fields in the same order).
"""

import sys

from ._constants import SUPPRESS, OPTIONAL, PARSER, _UNRECOGNIZED_ARGS_ATTR, _
from ._errors import ArgumentError, ArgumentTypeError


class _AttributeHolder(object):
    """repr() as ClassName(positional..., name=value, ...)."""

    __module__ = 'argparse'

    def __repr__(self):
        arg_strings = [repr(arg) for arg in self._get_args()]
        star_args = {}
        for name, value in self._get_kwargs():
            if name.isidentifier():
                arg_strings.append('%s=%r' % (name, value))
            else:
                star_args[name] = value
        if star_args:
            arg_strings.append('**%s' % repr(star_args))
        return '%s(%s)' % (type(self).__name__, ', '.join(arg_strings))

    def _get_kwargs(self):
        return list(self.__dict__.items())

    def _get_args(self):
        return []


def _copy_items(items):
    """A copy of an append/extend list, so the default is never mutated."""
    if items is None:
        return []
    if type(items) is list:
        return items[:]
    import copy
    return copy.copy(items)


class Namespace(_AttributeHolder):
    """The object parse_args() returns: one attribute per destination."""

    __module__ = 'argparse'

    def __init__(self, **kwargs):
        for name in kwargs:
            setattr(self, name, kwargs[name])

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


# ---- Action -------------------------------------------------------------------------

class Action(_AttributeHolder):
    """How to turn command-line strings into a value on the namespace.
    Subclasses implement __call__(parser, namespace, values, option_string)."""

    __module__ = 'argparse'

    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar

    def _get_kwargs(self):
        names = ['option_strings', 'dest', 'nargs', 'const', 'default', 'type',
                 'choices', 'required', 'help', 'metavar']
        return [(name, getattr(self, name)) for name in names]

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError(_('.__call__() not defined'))


class BooleanOptionalAction(Action):
    """--flag / --no-flag pairs."""

    __module__ = 'argparse'

    def __init__(self, option_strings, dest, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        expanded = []
        for option_string in option_strings:
            expanded.append(option_string)
            if option_string.startswith('--'):
                expanded.append('--no-' + option_string[2:])
        super().__init__(option_strings=expanded, dest=dest, nargs=0,
                         default=default, type=type, choices=choices,
                         required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest,
                    not option_string.startswith('--no-'))

    def format_usage(self):
        return ' | '.join(self.option_strings)


def _check_value_nargs(nargs, const, kind_message):
    if nargs == 0:
        raise ValueError(kind_message)
    if const is not None and nargs != OPTIONAL:
        raise ValueError('nargs must be %r to supply const' % OPTIONAL)


class _StoreAction(Action):
    __module__ = 'argparse'

    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        _check_value_nargs(nargs, const,
                           'nargs for store actions must be != 0; if you '
                           'have nothing to store, actions such as store '
                           'true or store const may be more appropriate')
        super().__init__(option_strings=option_strings, dest=dest,
                         nargs=nargs, const=const, default=default, type=type,
                         choices=choices, required=required, help=help,
                         metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):
    __module__ = 'argparse'

    def __init__(self, option_strings, dest, const=None, default=None,
                 required=False, help=None, metavar=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0,
                         const=const, default=default, required=required,
                         help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):
    __module__ = 'argparse'

    def __init__(self, option_strings, dest, default=False, required=False,
                 help=None):
        super().__init__(option_strings=option_strings, dest=dest,
                         const=True, default=default, required=required,
                         help=help)


class _StoreFalseAction(_StoreConstAction):
    __module__ = 'argparse'

    def __init__(self, option_strings, dest, default=True, required=False,
                 help=None):
        super().__init__(option_strings=option_strings, dest=dest,
                         const=False, default=default, required=required,
                         help=help)


class _AppendAction(Action):
    __module__ = 'argparse'

    def __init__(self, option_strings, dest, nargs=None, const=None,
                 default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        _check_value_nargs(nargs, const,
                           'nargs for append actions must be != 0; if arg '
                           'strings are not supplying the value to append, '
                           'the append const action may be more appropriate')
        super().__init__(option_strings=option_strings, dest=dest,
                         nargs=nargs, const=const, default=default, type=type,
                         choices=choices, required=required, help=help,
                         metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(values)
        setattr(namespace, self.dest, items)


class _AppendConstAction(Action):
    __module__ = 'argparse'

    def __init__(self, option_strings, dest, const=None, default=None,
                 required=False, help=None, metavar=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0,
                         const=const, default=default, required=required,
                         help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(self.const)
        setattr(namespace, self.dest, items)


class _CountAction(Action):
    __module__ = 'argparse'

    def __init__(self, option_strings, dest, default=None, required=False,
                 help=None):
        super().__init__(option_strings=option_strings, dest=dest, nargs=0,
                         default=default, required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        count = getattr(namespace, self.dest, None)
        if count is None:
            count = 0
        setattr(namespace, self.dest, count + 1)


class _HelpAction(Action):
    __module__ = 'argparse'

    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS,
                 help=None):
        super().__init__(option_strings=option_strings, dest=dest,
                         default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(Action):
    __module__ = 'argparse'

    def __init__(self, option_strings, version=None, dest=SUPPRESS,
                 default=SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings=option_strings, dest=dest,
                         default=default, nargs=0, help=help)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        version = self.version
        if version is None:
            version = parser.version
        formatter = parser._get_formatter()
        formatter.add_text(version)
        parser._print_message(formatter.format_help(), sys.stdout)
        parser.exit()


class _ExtendAction(_AppendAction):
    __module__ = 'argparse'

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.extend(values)
        setattr(namespace, self.dest, items)


# ---- subcommands ----------------------------------------------------------------

class _ChoicesPseudoAction(Action):
    """Stands for one subcommand in the help listing."""

    __module__ = 'argparse'

    def __init__(self, name, aliases, help):
        metavar = dest = name
        if aliases:
            metavar += ' (%s)' % ', '.join(aliases)
        super().__init__(option_strings=[], dest=dest, help=help,
                         metavar=metavar)


class _SubParsersAction(Action):
    """The positional that selects a subcommand and hands the remaining
    arguments to that subcommand's parser."""

    __module__ = 'argparse'

    _ChoicesPseudoAction = _ChoicesPseudoAction

    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS,
                 required=False, help=None, metavar=None):
        self._prog_prefix = prog
        self._parser_class = parser_class
        self._name_parser_map = {}
        self._choices_actions = []
        super().__init__(option_strings=option_strings, dest=dest,
                         nargs=PARSER, choices=self._name_parser_map,
                         required=required, help=help, metavar=metavar)

    def add_parser(self, name, **kwargs):
        if kwargs.get('prog') is None:
            kwargs['prog'] = '%s %s' % (self._prog_prefix, name)
        aliases = kwargs.pop('aliases', ())
        if name in self._name_parser_map:
            raise ArgumentError(self, _('conflicting subparser: %s') % name)
        for alias in aliases:
            if alias in self._name_parser_map:
                raise ArgumentError(
                    self, _('conflicting subparser alias: %s') % alias)
        if 'help' in kwargs:
            help = kwargs.pop('help')
            self._choices_actions.append(
                self._ChoicesPseudoAction(name, aliases, help))
        parser = self._parser_class(**kwargs)
        self._name_parser_map[name] = parser
        for alias in aliases:
            self._name_parser_map[alias] = parser
        return parser

    def _get_subactions(self):
        return self._choices_actions

    def __call__(self, parser, namespace, values, option_string=None):
        parser_name = values[0]
        arg_strings = values[1:]
        if self.dest is not SUPPRESS:
            setattr(namespace, self.dest, parser_name)
        try:
            subparser = self._name_parser_map[parser_name]
        except KeyError:
            args = {'parser_name': parser_name,
                    'choices': ', '.join(self._name_parser_map)}
            msg = _('unknown parser %(parser_name)r (choices: %(choices)s)') \
                % args
            raise ArgumentError(self, msg)
        # The subparser fills a fresh namespace (so its own defaults win)
        # that is then copied over the parent's.
        subnamespace, arg_strings = subparser.parse_known_args(arg_strings,
                                                               None)
        for key, value in vars(subnamespace).items():
            setattr(namespace, key, value)
        if arg_strings:
            if not hasattr(namespace, _UNRECOGNIZED_ARGS_ATTR):
                setattr(namespace, _UNRECOGNIZED_ARGS_ATTR, [])
            getattr(namespace, _UNRECOGNIZED_ARGS_ATTR).extend(arg_strings)


# ---- FileType -------------------------------------------------------------------------

class FileType(object):
    """type= factory that opens the named file ('-' is stdin/stdout)."""

    __module__ = 'argparse'

    def __init__(self, mode='r', bufsize=-1, encoding=None, errors=None):
        self._mode = mode
        self._bufsize = bufsize
        self._encoding = encoding
        self._errors = errors

    def __call__(self, string):
        if string == '-':
            if 'r' in self._mode:
                return sys.stdin
            if any([char in self._mode for char in 'wax']):
                return sys.stdout
            raise ValueError(_('argument "-" with mode %r') % self._mode)
        try:
            return open(string, self._mode, self._bufsize, self._encoding,
                        self._errors)
        except OSError as error:
            args = {'filename': string, 'error': error}
            raise ArgumentTypeError(_("can't open '%(filename)s': %(error)s")
                                    % args)

    def __repr__(self):
        args = [repr(arg) for arg in (self._mode, self._bufsize) if arg != -1]
        kwargs = ['%s=%r' % (name, value)
                  for name, value in (('encoding', self._encoding),
                                      ('errors', self._errors))
                  if value is not None]
        return '%s(%s)' % (type(self).__name__, ', '.join(args + kwargs))
