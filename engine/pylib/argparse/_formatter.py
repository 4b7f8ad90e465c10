"""HelpFormatter and its variants: the text of --help and of usage lines.

The private method names are CPython's (_format_action_invocation,
_split_lines, _fill_text, _get_help_string, ...) because user code subclasses
HelpFormatter and overrides them.  Help is laid out lazily: sections collect
(function, args) items and format them at the end, once the widest
invocation -- which decides the help column -- is known.
"""

import os
import _backstep

from ._constants import (SUPPRESS, OPTIONAL, ZERO_OR_MORE, ONE_OR_MORE,
                         PARSER, REMAINDER, _)
from . import _usage
from . import _wrap


def _terminal_columns():
    """shutil.get_terminal_size().columns: $COLUMNS if it is a positive
    integer, else the width of the terminal on stdout, else 80."""
    try:
        columns = int(os.environ['COLUMNS'])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        columns = _backstep.terminal_columns() or 80
    return columns


def _collapse_blank_runs(text):
    """Three or more consecutive newlines become two."""
    while '\n\n\n' in text:
        text = text.replace('\n\n\n', '\n\n')
    return text


class _Section(object):
    """A heading and the items under it, indented one level deeper than
    the parent section."""

    def __init__(self, formatter, parent, heading=None):
        self.formatter = formatter
        self.parent = parent
        self.heading = heading
        self.items = []

    def format_help(self):
        formatter = self.formatter
        if self.parent is not None:
            formatter._indent()
        item_help = formatter._join_parts([func(*args)
                                           for func, args in self.items])
        if self.parent is not None:
            formatter._dedent()
        if not item_help:
            return ''
        heading = ''
        if self.heading is not SUPPRESS and self.heading is not None:
            heading = '%s%s:\n' % (' ' * formatter._current_indent,
                                   self.heading)
        return formatter._join_parts(['\n', heading, item_help, '\n'])


class HelpFormatter(object):
    """Formatter for usage messages and argument help.

    Only the name of this class is public API in CPython; its methods are
    implementation details that subclasses nonetheless override."""

    __module__ = 'argparse'
    _Section = _Section

    def __init__(self, prog, indent_increment=2, max_help_position=24,
                 width=None):
        if width is None:
            width = _terminal_columns() - 2
        self._prog = prog
        self._indent_increment = indent_increment
        self._max_help_position = min(max_help_position,
                                      max(width - 20, indent_increment * 2))
        self._width = width
        self._current_indent = 0
        self._level = 0
        self._action_max_length = 0
        self._root_section = self._Section(self, None)
        self._current_section = self._root_section

    # ---- indentation and sections ----------------------------------------------

    def _indent(self):
        self._current_indent += self._indent_increment
        self._level += 1

    def _dedent(self):
        self._current_indent -= self._indent_increment
        assert self._current_indent >= 0, 'Indent decreased below 0.'
        self._level -= 1

    def _add_item(self, func, args):
        self._current_section.items.append((func, args))

    def start_section(self, heading):
        self._indent()
        section = self._Section(self, self._current_section, heading)
        self._add_item(section.format_help, [])
        self._current_section = section

    def end_section(self):
        self._current_section = self._current_section.parent
        self._dedent()

    # ---- what goes into the help ---------------------------------------------------

    def add_text(self, text):
        if text is not SUPPRESS and text is not None:
            self._add_item(self._format_text, [text])

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._add_item(self._format_usage, [usage, actions, groups, prefix])

    def add_argument(self, action):
        if action.help is SUPPRESS:
            return
        invocations = [self._format_action_invocation(action)]
        for subaction in self._iter_indented_subactions(action):
            invocations.append(self._format_action_invocation(subaction))
        longest = max([len(invocation) for invocation in invocations])
        self._action_max_length = max(self._action_max_length,
                                      longest + self._current_indent)
        self._add_item(self._format_action, [action])

    def add_arguments(self, actions):
        for action in actions:
            self.add_argument(action)

    def format_help(self):
        help_text = self._root_section.format_help()
        if help_text:
            help_text = _collapse_blank_runs(help_text)
            help_text = help_text.strip('\n') + '\n'
        return help_text

    def _join_parts(self, part_strings):
        return ''.join([part for part in part_strings
                        if part and part is not SUPPRESS])

    # ---- usage -------------------------------------------------------------------------

    def _format_usage(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = _('usage: ')
        if usage is not None:
            usage = usage % dict(prog=self._prog)
        elif not actions:
            usage = '%(prog)s' % dict(prog=self._prog)
        else:
            usage = self._build_usage(actions, groups, prefix)
        return '%s%s\n\n' % (prefix, usage)

    def _build_usage(self, actions, groups, prefix):
        prog = '%(prog)s' % dict(prog=self._prog)
        optionals = [action for action in actions if action.option_strings]
        positionals = [action for action in actions
                       if not action.option_strings]
        action_usage = self._format_actions_usage(optionals + positionals,
                                                  groups)
        usage = ' '.join([text for text in [prog, action_usage] if text])
        text_width = self._width - self._current_indent
        if len(prefix) + len(usage) <= text_width:
            return usage
        opt_usage = self._format_actions_usage(optionals, groups)
        pos_usage = self._format_actions_usage(positionals, groups)
        opt_parts = _usage.split_parts(opt_usage)
        pos_parts = _usage.split_parts(pos_usage)
        assert ' '.join(opt_parts) == opt_usage
        assert ' '.join(pos_parts) == pos_usage
        lines = _usage.wrap_usage(prog, opt_parts, pos_parts, prefix,
                                  text_width)
        return '\n'.join(lines)

    def _format_actions_usage(self, actions, groups):
        return _usage.format_actions_usage(self, actions, groups)

    # ---- descriptions, epilogs and action help -------------------------------------

    def _format_text(self, text):
        if '%(prog)' in text:
            text = text % dict(prog=self._prog)
        text_width = max(self._width - self._current_indent, 11)
        indent = ' ' * self._current_indent
        return self._fill_text(text, text_width, indent) + '\n\n'

    def _format_action(self, action):
        help_position = min(self._action_max_length + 2,
                            self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - self._current_indent - 2
        header = self._format_action_invocation(action)
        margin = ' ' * self._current_indent
        indent_first = 0
        if not action.help:
            header = margin + header + '\n'
        elif len(header) <= action_width:
            # fits: the help starts on the same line, in the help column
            header = margin + header.ljust(action_width) + '  '
        else:
            header = margin + header + '\n'
            indent_first = help_position
        parts = [header]
        if action.help and action.help.strip():
            help_text = self._expand_help(action)
            if help_text:
                help_lines = self._split_lines(help_text, help_width)
                parts.append(' ' * indent_first + help_lines[0] + '\n')
                for line in help_lines[1:]:
                    parts.append(' ' * help_position + line + '\n')
        elif not header.endswith('\n'):
            parts.append('\n')
        for subaction in self._iter_indented_subactions(action):
            parts.append(self._format_action(subaction))
        return self._join_parts(parts)

    def _format_action_invocation(self, action):
        if not action.option_strings:
            default = self._get_default_metavar_for_positional(action)
            metavar, = self._metavar_formatter(action, default)(1)
            return metavar
        if action.nargs == 0:
            return ', '.join(action.option_strings)
        default = self._get_default_metavar_for_optional(action)
        args_string = self._format_args(action, default)
        return ', '.join(['%s %s' % (option_string, args_string)
                          for option_string in action.option_strings])

    def _metavar_formatter(self, action, default_metavar):
        if action.metavar is not None:
            result = action.metavar
        elif action.choices is not None:
            result = '{%s}' % ','.join([str(choice)
                                        for choice in action.choices])
        else:
            result = default_metavar

        def format(tuple_size):
            if isinstance(result, tuple):
                return result
            return (result,) * tuple_size
        return format

    def _format_args(self, action, default_metavar):
        """The metavar text for an action's arguments; a metavar tuple of the
        wrong length makes the % formatting raise TypeError."""
        get_metavar = self._metavar_formatter(action, default_metavar)
        nargs = action.nargs
        if nargs is None:
            return '%s' % get_metavar(1)
        if nargs == OPTIONAL:
            return '[%s]' % get_metavar(1)
        if nargs == ZERO_OR_MORE:
            metavar = get_metavar(1)
            if len(metavar) == 2:
                return '[%s [%s ...]]' % metavar
            return '[%s ...]' % metavar
        if nargs == ONE_OR_MORE:
            return '%s [%s ...]' % get_metavar(2)
        if nargs == REMAINDER:
            return '...'
        if nargs == PARSER:
            return '%s ...' % get_metavar(1)
        if nargs == SUPPRESS:
            return ''
        try:
            formats = ['%s' for _ in range(nargs)]
        except TypeError:
            raise ValueError('invalid nargs value') from None
        return ' '.join(formats) % get_metavar(nargs)

    def _expand_help(self, action):
        """The help string with %(name)s replaced from the action's
        attributes (plus prog); classes and functions show their __name__."""
        params = dict(vars(action), prog=self._prog)
        for name in list(params):
            if params[name] is SUPPRESS:
                del params[name]
        for name in list(params):
            if hasattr(params[name], '__name__'):
                params[name] = params[name].__name__
        if params.get('choices') is not None:
            params['choices'] = ', '.join([str(choice)
                                           for choice in params['choices']])
        return self._get_help_string(action) % params

    def _iter_indented_subactions(self, action):
        try:
            get_subactions = action._get_subactions
        except AttributeError:
            return
        self._indent()
        yield from get_subactions()
        self._dedent()

    def _split_lines(self, text, width):
        return _wrap.wrap(_wrap.collapse_whitespace(text), width)

    def _fill_text(self, text, width, indent):
        return _wrap.fill(_wrap.collapse_whitespace(text), width,
                          initial_indent=indent, subsequent_indent=indent)

    def _get_help_string(self, action):
        return action.help

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_default_metavar_for_positional(self, action):
        return action.dest


class RawDescriptionHelpFormatter(HelpFormatter):
    """Keeps the line breaks of descriptions and epilogs as written."""

    __module__ = 'argparse'

    def _fill_text(self, text, width, indent):
        return ''.join([indent + line
                        for line in text.splitlines(keepends=True)])


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    """Keeps the line breaks of all help text, argument help included."""

    __module__ = 'argparse'

    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    """Appends ' (default: ...)' to the help of arguments that have one."""

    __module__ = 'argparse'

    def _get_help_string(self, action):
        help_text = action.help
        if help_text is None:
            help_text = ''
        if '%(default)' not in help_text and action.default is not SUPPRESS:
            if action.option_strings or action.nargs in (OPTIONAL,
                                                         ZERO_OR_MORE):
                help_text += ' (default: %(default)s)'
        return help_text


class MetavarTypeHelpFormatter(HelpFormatter):
    """Uses the name of each argument's type as its default metavar."""

    __module__ = 'argparse'

    def _get_default_metavar_for_optional(self, action):
        return action.type.__name__

    def _get_default_metavar_for_positional(self, action):
        return action.type.__name__
