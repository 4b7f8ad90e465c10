"""Command-line parsing with CPython 3.11's argparse behaviour: the same
API, the same parsing decisions, and byte-identical usage, help and error
text (wrapped to the terminal width: $COLUMNS, else the terminal's, else 80).

    parser = argparse.ArgumentParser(description='Train a model.')
    parser.add_argument('--lr', type=float, default=0.1, help='learning rate')
    args = parser.parse_args()
"""

__version__ = '1.1'
__all__ = [
    'ArgumentParser', 'ArgumentError', 'ArgumentTypeError',
    'BooleanOptionalAction', 'FileType', 'HelpFormatter',
    'ArgumentDefaultsHelpFormatter', 'RawDescriptionHelpFormatter',
    'RawTextHelpFormatter', 'MetavarTypeHelpFormatter', 'Namespace',
    'Action', 'ONE_OR_MORE', 'OPTIONAL', 'PARSER', 'REMAINDER', 'SUPPRESS',
    'ZERO_OR_MORE',
]

from ._constants import (SUPPRESS, OPTIONAL, ZERO_OR_MORE, ONE_OR_MORE,
                         PARSER, REMAINDER, _UNRECOGNIZED_ARGS_ATTR)
from ._errors import ArgumentError, ArgumentTypeError, _get_action_name
from ._formatter import (HelpFormatter, RawDescriptionHelpFormatter,
                         RawTextHelpFormatter, ArgumentDefaultsHelpFormatter,
                         MetavarTypeHelpFormatter)
from ._actions import (_AttributeHolder, Namespace, Action,
                       BooleanOptionalAction, FileType, _StoreAction,
                       _StoreConstAction, _StoreTrueAction, _StoreFalseAction,
                       _AppendAction, _AppendConstAction, _CountAction,
                       _HelpAction, _VersionAction, _SubParsersAction,
                       _ExtendAction)
from ._container import (_ActionsContainer, _ArgumentGroup,
                         _MutuallyExclusiveGroup)
from ._parser import ArgumentParser
