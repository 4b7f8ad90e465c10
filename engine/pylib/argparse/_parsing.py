"""One run of ArgumentParser._parse_known_args: walking the command line,
giving each optional and positional its strings, and the checks after.

The algorithm is CPython's: classify every string ('O' option, 'A'
argument, '-' the '--' marker), then alternately consume the positionals
that fit before the next option and that option with its arguments, then
the trailing positionals; what nobody took is returned as extras.
"""

from ._constants import SUPPRESS, _
from ._errors import ArgumentError, _get_action_name
from . import _nargs


class ParseRun(object):

    def __init__(self, parser, arg_strings, namespace):
        self.parser = parser
        self.arg_strings = arg_strings
        self.namespace = namespace
        self.extras = []
        self.seen_actions = set()
        self.seen_non_default_actions = set()
        self.conflicts = self._mutual_exclusions()
        self.option_indices = {}
        self.pattern = self._classify()
        self.positionals = parser._get_positional_actions()

    def _mutual_exclusions(self):
        """action -> the other actions of its mutually exclusive groups."""
        conflicts = {}
        for group in self.parser._mutually_exclusive_groups:
            members = group._group_actions
            for index, action in enumerate(members):
                others = conflicts.setdefault(action, [])
                others.extend(members[:index])
                others.extend(members[index + 1:])
        return conflicts

    def _classify(self):
        """The 'O'/'A'/'-' string for the command line; everything after
        the first '--' is an argument.  Records each option's parse."""
        letters = []
        after_marker = False
        for index, arg_string in enumerate(self.arg_strings):
            if after_marker:
                letters.append('A')
            elif arg_string == '--':
                letters.append('-')
                after_marker = True
            else:
                option_tuple = self.parser._parse_optional(arg_string)
                if option_tuple is None:
                    letters.append('A')
                else:
                    self.option_indices[index] = option_tuple
                    letters.append('O')
        return ''.join(letters)

    # ---- taking actions --------------------------------------------------------------

    def take_action(self, action, argument_strings, option_string=None):
        self.seen_actions.add(action)
        values = self.parser._get_values(action, argument_strings)
        # an argument that only produced its default does not count as
        # "present" for mutual exclusion
        if values is not action.default:
            self.seen_non_default_actions.add(action)
            for other in self.conflicts.get(action, []):
                if other in self.seen_non_default_actions:
                    msg = _('not allowed with argument %s')
                    raise ArgumentError(action,
                                        msg % _get_action_name(other))
        if values is not SUPPRESS:
            action(self.parser, self.namespace, values, option_string)

    def _match_argument(self, action, pattern):
        count = _nargs.match_counts([action], pattern)
        if count is None:
            raise ArgumentError(action, _expected_arguments_message(action))
        return count[0]

    def consume_optional(self, start_index):
        """Handle the option at start_index (with its arguments, and the
        further flags packed into a single-dash string like -xvf); return
        the index after what it consumed."""
        action, option_string, explicit_arg = self.option_indices[start_index]
        chars = self.parser.prefix_chars
        taken = []
        while True:
            if action is None:
                self.extras.append(self.arg_strings[start_index])
                return start_index + 1
            if explicit_arg is None:
                start = start_index + 1
                count = self._match_argument(action, self.pattern[start:])
                stop = start + count
                taken.append((action, self.arg_strings[start:stop],
                              option_string))
                break
            count = self._match_argument(action, 'A')
            if count == 0 and option_string[1] not in chars \
                    and explicit_arg != '':
                # -xyz: -x takes no argument, so 'yz' holds more flags
                taken.append((action, [], option_string))
                option_string = option_string[0] + explicit_arg[0]
                new_explicit_arg = explicit_arg[1:] or None
                if option_string not in self.parser._option_string_actions:
                    msg = _('ignored explicit argument %r')
                    raise ArgumentError(action, msg % explicit_arg)
                action = self.parser._option_string_actions[option_string]
                explicit_arg = new_explicit_arg
            elif count == 1:
                stop = start_index + 1
                taken.append((action, [explicit_arg], option_string))
                break
            else:
                msg = _('ignored explicit argument %r')
                raise ArgumentError(action, msg % explicit_arg)
        for action, args, option_string in taken:
            self.take_action(action, args, option_string)
        return stop

    def consume_positionals(self, start_index):
        """Give as many of the remaining positionals as can match their
        strings starting at start_index; return the index after them."""
        counts = self._match_positionals_partial(self.pattern[start_index:])
        for action, count in zip(self.positionals, counts):
            args = self.arg_strings[start_index:start_index + count]
            start_index += count
            self.take_action(action, args)
        self.positionals[:] = self.positionals[len(counts):]
        return start_index

    def _match_positionals_partial(self, pattern):
        """Counts for the longest prefix of the positionals that matches."""
        for length in range(len(self.positionals), 0, -1):
            counts = _nargs.match_counts(self.positionals[:length], pattern)
            if counts is not None:
                return counts
        return []

    # ---- the main loop ------------------------------------------------------------------

    def run(self):
        start_index = 0
        last_option_index = max(self.option_indices) if self.option_indices \
            else -1
        while start_index <= last_option_index:
            next_option_index = min([index for index in self.option_indices
                                     if index >= start_index])
            if start_index != next_option_index:
                positionals_end = self.consume_positionals(start_index)
                if positionals_end > start_index:
                    start_index = positionals_end
                    continue
                start_index = positionals_end
            if start_index not in self.option_indices:
                # strings no positional wanted, before the next option
                self.extras.extend(
                    self.arg_strings[start_index:next_option_index])
                start_index = next_option_index
            start_index = self.consume_optional(start_index)
        stop_index = self.consume_positionals(start_index)
        self.extras.extend(self.arg_strings[stop_index:])
        self._check_required_and_convert_defaults()
        self._check_required_groups()
        return self.namespace, self.extras

    def _check_required_and_convert_defaults(self):
        parser = self.parser
        required = []
        for action in parser._actions:
            if action in self.seen_actions:
                continue
            if action.required:
                required.append(_get_action_name(action))
            elif (action.default is not None
                    and isinstance(action.default, str)
                    and hasattr(self.namespace, action.dest)
                    and action.default is getattr(self.namespace,
                                                  action.dest)):
                # string defaults go through type= (only now, so a value
                # given on the command line is never converted twice)
                setattr(self.namespace, action.dest,
                        parser._get_value(action, action.default))
        if required:
            parser.error(_('the following arguments are required: %s')
                         % ', '.join(required))

    def _check_required_groups(self):
        for group in self.parser._mutually_exclusive_groups:
            if not group.required:
                continue
            if any([action in self.seen_non_default_actions
                    for action in group._group_actions]):
                continue
            names = [_get_action_name(action)
                     for action in group._group_actions
                     if action.help is not SUPPRESS]
            msg = _('one of the arguments %s is required')
            self.parser.error(msg % ' '.join(names))


def _expected_arguments_message(action):
    messages = {None: _('expected one argument'),
                '?': _('expected at most one argument'),
                '+': _('expected at least one argument')}
    if action.nargs in messages:
        return messages[action.nargs]
    count = action.nargs
    template = 'expected %s argument' if count == 1 else \
        'expected %s arguments'
    return _(template) % count
