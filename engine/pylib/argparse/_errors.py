"""argparse's exceptions and the name it uses for an argument in messages."""

from ._constants import SUPPRESS, _


def _get_action_name(argument):
    """'--lr/-l' for optionals, the metavar or dest for positionals, the
    choices for a nameless subparsers action, else None."""
    if argument is None:
        return None
    if argument.option_strings:
        return '/'.join(argument.option_strings)
    if argument.metavar not in (None, SUPPRESS):
        return argument.metavar
    if argument.dest not in (None, SUPPRESS):
        return argument.dest
    if argument.choices:
        return '{' + ','.join(argument.choices) + '}'
    return None


class ArgumentError(Exception):
    """An error from creating or using an argument; str() is
    'argument NAME: MESSAGE' (just MESSAGE when there is no name)."""

    __module__ = 'argparse'

    def __init__(self, argument, message):
        self.argument_name = _get_action_name(argument)
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            template = '%(message)s'
        else:
            template = _('argument %(argument_name)s: %(message)s')
        return template % dict(message=self.message,
                               argument_name=self.argument_name)


class ArgumentTypeError(Exception):
    """Raised by a type= function to report an invalid value with its own
    message."""

    __module__ = 'argparse'
