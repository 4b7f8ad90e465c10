# dataclasses with `from __future__ import annotations`: every annotation
# is a string, so ClassVar, InitVar and KW_ONLY are recognised by name.
from __future__ import annotations
import dataclasses
import typing
from dataclasses import dataclass, field, InitVar, KW_ONLY
from typing import ClassVar, List, Optional


@dataclass
class Config:
    name: str
    retries: int = 3
    hosts: List[str] = field(default_factory=list)
    counter: ClassVar[int] = 0
    other: typing.ClassVar[str] = 'shared'
    token: InitVar[str] = ''
    _: KW_ONLY
    debug: bool = False
    parent: Optional[Config] = None

    def __post_init__(self, token):
        self.masked = '*' * len(token)


c = Config('svc', token='abcd', debug=True)
print(c, c.masked, Config.__doc__)
print([f.name for f in dataclasses.fields(Config)])
print(sorted(Config.__dataclass_fields__))
print([(n, repr(f._field_type)) for n, f in Config.__dataclass_fields__.items()])
print({k: v for k, v in typing.get_type_hints(Config).items() if k != '_'})


@dataclass(frozen=True)
class Money:
    amount: float
    currency: str = 'EUR'

    def __add__(self, other: Money) -> Money:
        if other.currency != self.currency:
            raise ValueError('currency mismatch')
        return Money(self.amount + other.amount, self.currency)


total = Money(1.5) + Money(2.25)
print(total, Money.__doc__, total == Money(3.75), hash(total) == hash((3.75, 'EUR')))
try:
    Money(1) + Money(1, 'USD')
except ValueError as e:
    print('ValueError', e)
