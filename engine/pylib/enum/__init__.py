"""Enumerations: Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique.

The package's modules build it up in order: _support (helpers, auto),
_type (the EnumType metaclass), _members (member creation), _enum (Enum,
IntEnum, StrEnum), _flag (Flag, IntFlag).
"""

from enum._support import (auto, member, nonmember, property,
                           show_flag_values, bin)
from enum._type import EnumType, EnumMeta
from enum._enum import Enum, ReprEnum, IntEnum, StrEnum, unique
from enum._flag import (Flag, IntFlag, FlagBoundary, STRICT, CONFORM, EJECT,
                        KEEP)

__all__ = ['EnumType', 'EnumMeta', 'Enum', 'IntEnum', 'StrEnum', 'Flag',
           'IntFlag', 'ReprEnum', 'auto', 'unique', 'property', 'FlagBoundary',
           'STRICT', 'CONFORM', 'EJECT', 'KEEP', 'member', 'nonmember',
           'show_flag_values']
