"""argparse's special values, shared by its submodules."""

SUPPRESS = '==SUPPRESS=='

OPTIONAL = '?'
ZERO_OR_MORE = '*'
ONE_OR_MORE = '+'
PARSER = 'A...'
REMAINDER = '...'

# Subparsers park the arguments they did not recognise under this name on
# the namespace, for the top-level parser to report.
_UNRECOGNIZED_ARGS_ATTR = '_unrecognized_args'


def _(message):
    """Message catalogue hook (CPython's gettext); backstep is English-only."""
    return message


def ngettext(singular, plural, count):
    return singular if count == 1 else plural
