"""ArgumentParser: parse_args() and friends, value conversion, help
output and exiting."""

import os
import sys

from ._constants import (SUPPRESS, OPTIONAL, ZERO_OR_MORE, PARSER, REMAINDER,
                         _UNRECOGNIZED_ARGS_ATTR, _)
from ._errors import ArgumentError, ArgumentTypeError
from ._actions import _AttributeHolder, Namespace
from ._container import _ActionsContainer, looks_like_negative_number
from ._formatter import HelpFormatter
from ._parsing import ParseRun
from . import _intermixed


class ArgumentParser(_AttributeHolder, _ActionsContainer):
    """Object for parsing command line strings into Python objects."""

    __module__ = 'argparse'

    def __init__(self, prog=None, usage=None, description=None, epilog=None,
                 parents=[], formatter_class=HelpFormatter, prefix_chars='-',
                 fromfile_prefix_chars=None, argument_default=None,
                 conflict_handler='error', add_help=True, allow_abbrev=True,
                 exit_on_error=True):
        super().__init__(description=description, prefix_chars=prefix_chars,
                         argument_default=argument_default,
                         conflict_handler=conflict_handler)
        if prog is None:
            prog = os.path.basename(sys.argv[0])
        self.prog = prog
        self.usage = usage
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help = add_help
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._positionals = self.add_argument_group(_('positional arguments'))
        self._optionals = self.add_argument_group(_('options'))
        self._subparsers = None

        def identity(string):
            return string
        self.register('type', None, identity)

        # an explicit default, so argument_default does not apply to -h
        default_prefix = '-' if '-' in prefix_chars else prefix_chars[0]
        if self.add_help:
            self.add_argument(default_prefix + 'h', default_prefix * 2 + 'help',
                              action='help', default=SUPPRESS,
                              help=_('show this help message and exit'))
        for parent in parents:
            self._add_container_actions(parent)
            defaults = getattr(parent, '_defaults', None)
            if defaults is not None:
                self._defaults.update(defaults)

    def _get_kwargs(self):
        names = ['prog', 'usage', 'description', 'formatter_class',
                 'conflict_handler', 'add_help']
        return [(name, getattr(self, name)) for name in names]

    # ---- subcommands and action lists ---------------------------------------------

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            self.error(_('cannot have multiple subparser arguments'))
        kwargs.setdefault('parser_class', type(self))
        if 'title' in kwargs or 'description' in kwargs:
            title = _(kwargs.pop('title', 'subcommands'))
            description = _(kwargs.pop('description', None))
            self._subparsers = self.add_argument_group(title, description)
        else:
            self._subparsers = self._positionals
        # a subcommand's prog: this parser's usage without the optionals
        if kwargs.get('prog') is None:
            formatter = self._get_formatter()
            positionals = self._get_positional_actions()
            groups = self._mutually_exclusive_groups
            formatter.add_usage(self.usage, positionals, groups, '')
            kwargs['prog'] = formatter.format_help().strip()
        parsers_class = self._pop_action_class(kwargs, 'parsers')
        action = parsers_class(option_strings=[], **kwargs)
        self._subparsers._add_action(action)
        return action

    def _add_action(self, action):
        if action.option_strings:
            self._optionals._add_action(action)
        else:
            self._positionals._add_action(action)
        return action

    def _get_optional_actions(self):
        return [action for action in self._actions if action.option_strings]

    def _get_positional_actions(self):
        return [action for action in self._actions
                if not action.option_strings]

    # ---- parsing ----------------------------------------------------------------------

    def parse_args(self, args=None, namespace=None):
        args, argv = self.parse_known_args(args, namespace)
        if argv:
            self.error(_('unrecognized arguments: %s') % ' '.join(argv))
        return args

    def parse_known_args(self, args=None, namespace=None):
        args = sys.argv[1:] if args is None else list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is not SUPPRESS and \
                    not hasattr(namespace, action.dest) and \
                    action.default is not SUPPRESS:
                setattr(namespace, action.dest, action.default)
        for dest in self._defaults:
            if not hasattr(namespace, dest):
                setattr(namespace, dest, self._defaults[dest])
        if self.exit_on_error:
            try:
                namespace, args = self._parse_known_args(args, namespace)
            except ArgumentError as err:
                self.error(str(err))
        else:
            namespace, args = self._parse_known_args(args, namespace)
        if hasattr(namespace, _UNRECOGNIZED_ARGS_ATTR):
            args.extend(getattr(namespace, _UNRECOGNIZED_ARGS_ATTR))
            delattr(namespace, _UNRECOGNIZED_ARGS_ATTR)
        return namespace, args

    def _parse_known_args(self, arg_strings, namespace):
        if self.fromfile_prefix_chars is not None:
            arg_strings = self._read_args_from_files(arg_strings)
        return ParseRun(self, arg_strings, namespace).run()

    def _read_args_from_files(self, arg_strings):
        """Replace '@file' arguments with the file's lines (recursively)."""
        expanded = []
        for arg_string in arg_strings:
            if not arg_string or arg_string[0] not in self.fromfile_prefix_chars:
                expanded.append(arg_string)
                continue
            try:
                with open(arg_string[1:]) as args_file:
                    file_args = []
                    for arg_line in args_file.read().splitlines():
                        for arg in self.convert_arg_line_to_args(arg_line):
                            file_args.append(arg)
                    expanded.extend(self._read_args_from_files(file_args))
            except OSError as err:
                self.error(str(err))
        return expanded

    def convert_arg_line_to_args(self, arg_line):
        return [arg_line]

    def parse_intermixed_args(self, args=None, namespace=None):
        args, argv = self.parse_known_intermixed_args(args, namespace)
        if argv:
            self.error(_('unrecognized arguments: %s') % ' '.join(argv))
        return args

    def parse_known_intermixed_args(self, args=None, namespace=None):
        return _intermixed.parse_known_intermixed_args(self, args, namespace)

    # ---- recognising option strings -------------------------------------------------

    def _parse_optional(self, arg_string):
        """(action or None, option string, explicit argument or None) when
        arg_string is an option, None when it is a positional argument."""
        if not arg_string or not arg_string[0] in self.prefix_chars:
            return None
        if arg_string in self._option_string_actions:
            return self._option_string_actions[arg_string], arg_string, None
        if len(arg_string) == 1:
            return None                     # a lone '-' (stdin) is an argument
        if '=' in arg_string:
            option_string, explicit_arg = arg_string.split('=', 1)
            if option_string in self._option_string_actions:
                return (self._option_string_actions[option_string],
                        option_string, explicit_arg)
        option_tuples = self._get_option_tuples(arg_string)
        if len(option_tuples) > 1:
            options = ', '.join([option_string for _action, option_string, _arg
                                 in option_tuples])
            args = {'option': arg_string, 'matches': options}
            msg = _('ambiguous option: %(option)s could match %(matches)s')
            self.error(msg % args)
        elif len(option_tuples) == 1:
            return option_tuples[0]
        if looks_like_negative_number(arg_string):
            if not self._has_negative_number_optionals:
                return None
        if ' ' in arg_string:
            return None
        # an unknown option (a subparser may still know it)
        return None, arg_string, None

    def _get_option_tuples(self, option_string):
        """Every interpretation of option_string as an abbreviation (long
        options, when allow_abbrev) or as a short option with its argument
        attached ('-xVALUE')."""
        result = []
        chars = self.prefix_chars
        if option_string[0] in chars and option_string[1] in chars:
            if self.allow_abbrev:
                if '=' in option_string:
                    option_prefix, explicit_arg = option_string.split('=', 1)
                else:
                    option_prefix, explicit_arg = option_string, None
                for candidate in self._option_string_actions:
                    if candidate.startswith(option_prefix):
                        result.append((self._option_string_actions[candidate],
                                       candidate, explicit_arg))
        elif option_string[0] in chars and option_string[1] not in chars:
            short_prefix = option_string[:2]
            short_explicit_arg = option_string[2:]
            for candidate in self._option_string_actions:
                action = self._option_string_actions[candidate]
                if candidate == short_prefix:
                    result.append((action, candidate, short_explicit_arg))
                elif candidate.startswith(option_string):
                    result.append((action, candidate, None))
        else:
            self.error(_('unexpected option string: %s') % option_string)
        return result

    # ---- values ---------------------------------------------------------------------

    def _get_values(self, action, arg_strings):
        """The value an action receives for the strings it consumed."""
        if action.nargs not in [PARSER, REMAINDER]:
            try:
                arg_strings.remove('--')
            except ValueError:
                pass
        if not arg_strings and action.nargs == OPTIONAL:
            value = action.const if action.option_strings else action.default
            if isinstance(value, str):
                value = self._get_value(action, value)
                self._check_value(action, value)
        elif (not arg_strings and action.nargs == ZERO_OR_MORE and
                not action.option_strings):
            value = action.default if action.default is not None \
                else arg_strings
            self._check_value(action, value)
        elif len(arg_strings) == 1 and action.nargs in [None, OPTIONAL]:
            value = self._get_value(action, arg_strings[0])
            self._check_value(action, value)
        elif action.nargs == REMAINDER:
            value = [self._get_value(action, v) for v in arg_strings]
        elif action.nargs == PARSER:
            value = [self._get_value(action, v) for v in arg_strings]
            self._check_value(action, value[0])
        elif action.nargs == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._get_value(action, v) for v in arg_strings]
            for v in value:
                self._check_value(action, v)
        return value

    def _get_value(self, action, arg_string):
        type_func = self._registry_get('type', action.type, action.type)
        if not callable(type_func):
            raise ArgumentError(action, _('%r is not callable') % type_func)
        try:
            return type_func(arg_string)
        except ArgumentTypeError as err:
            raise ArgumentError(action, str(err))
        except (TypeError, ValueError):
            name = getattr(action.type, '__name__', repr(action.type))
            args = {'type': name, 'value': arg_string}
            raise ArgumentError(action,
                                _('invalid %(type)s value: %(value)r') % args)

    def _check_value(self, action, value):
        if action.choices is not None and value not in action.choices:
            args = {'value': value,
                    'choices': ', '.join(map(repr, action.choices))}
            msg = _('invalid choice: %(value)r (choose from %(choices)s)')
            raise ArgumentError(action, msg % args)

    # ---- help -------------------------------------------------------------------------

    def format_usage(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions,
                            self._mutually_exclusive_groups)
        return formatter.format_help()

    def format_help(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions,
                            self._mutually_exclusive_groups)
        formatter.add_text(self.description)
        for action_group in self._action_groups:
            formatter.start_section(action_group.title)
            formatter.add_text(action_group.description)
            formatter.add_arguments(action_group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def _get_formatter(self):
        return self.formatter_class(prog=self.prog)

    def print_usage(self, file=None):
        if file is None:
            file = sys.stdout
        self._print_message(self.format_usage(), file)

    def print_help(self, file=None):
        if file is None:
            file = sys.stdout
        self._print_message(self.format_help(), file)

    def _print_message(self, message, file=None):
        if message:
            if file is None:
                file = sys.stderr
            file.write(message)

    # ---- exiting ------------------------------------------------------------------------

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, sys.stderr)
        sys.exit(status)

    def error(self, message):
        """Print the usage and 'PROG: error: MESSAGE' to stderr and exit
        with status 2."""
        self.print_usage(sys.stderr)
        args = {'prog': self.prog, 'message': message}
        self.exit(2, _('%(prog)s: error: %(message)s\n') % args)
