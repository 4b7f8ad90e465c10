"""Data classes: @dataclass writes __init__, __repr__, __eq__ (and on
request ordering, hashing and immutability) from a class's annotated
fields.

Modules of this package: _fields (Field, field, InitVar, KW_ONLY),
_methods (the generated methods), _process (@dataclass itself), _helpers
(fields, asdict, astuple, replace, make_dataclass).
"""

from dataclasses._fields import (MISSING, KW_ONLY, Field, field, InitVar,
                                 FrozenInstanceError, _HAS_DEFAULT_FACTORY,
                                 _FIELD, _FIELD_CLASSVAR, _FIELD_INITVAR)
from dataclasses._process import dataclass, _DataclassParams
from dataclasses._helpers import (fields, asdict, astuple, replace,
                                  is_dataclass, make_dataclass)

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar',
           'KW_ONLY', 'MISSING', 'fields', 'asdict', 'astuple',
           'make_dataclass', 'replace', 'is_dataclass']
