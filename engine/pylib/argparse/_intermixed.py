"""parse_known_intermixed_args: positionals may be interleaved with
optionals ('prog a -x 1 b').  Two passes: first the optionals, with every
positional switched off; then the positionals, from what was left over.
"""

import warnings

from ._constants import SUPPRESS, PARSER, REMAINDER


def _check_supported(parser, positionals):
    for action in positionals:
        if action.nargs in [PARSER, REMAINDER]:
            raise TypeError('parse_intermixed_args: positional arg'
                            ' with nargs=%s' % action.nargs)
    for group in parser._mutually_exclusive_groups:
        for action in group._group_actions:
            if action in positionals:
                raise TypeError('parse_intermixed_args: positional in'
                                ' mutuallyExclusiveGroup')


def _parse_optionals_only(parser, positionals, args, namespace):
    """First pass: positionals get nargs=SUPPRESS, so they take nothing
    and leave nothing on the namespace."""
    try:
        for action in positionals:
            action.save_nargs = action.nargs
            action.nargs = SUPPRESS
            action.save_default = action.default
            action.default = SUPPRESS
        namespace, remaining_args = parser.parse_known_args(args, namespace)
        for action in positionals:
            if (hasattr(namespace, action.dest)
                    and getattr(namespace, action.dest) == []):
                warnings.warn('Do not expect %s in %s'
                              % (action.dest, namespace))
                delattr(namespace, action.dest)
    finally:
        for action in positionals:
            action.nargs = action.save_nargs
            action.default = action.save_default
    return namespace, remaining_args


def _parse_positionals_only(parser, remaining_args, namespace):
    """Second pass: no optional (or group) is required any more."""
    optionals = parser._get_optional_actions()
    try:
        for action in optionals:
            action.save_required = action.required
            action.required = False
        for group in parser._mutually_exclusive_groups:
            group.save_required = group.required
            group.required = False
        return parser.parse_known_args(remaining_args, namespace)
    finally:
        for action in optionals:
            action.required = action.save_required
        for group in parser._mutually_exclusive_groups:
            group.required = group.save_required


def parse_known_intermixed_args(parser, args=None, namespace=None):
    positionals = parser._get_positional_actions()
    _check_supported(parser, positionals)
    save_usage = parser.usage
    try:
        if parser.usage is None:
            # error messages should show the full usage, positionals too
            parser.usage = parser.format_usage()[7:]
        namespace, remaining_args = _parse_optionals_only(
            parser, positionals, args, namespace)
        return _parse_positionals_only(parser, remaining_args, namespace)
    finally:
        parser.usage = save_usage
