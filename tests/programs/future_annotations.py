# oracle: pytorch
# covers: `from __future__ import annotations`: function, module and class annotations kept as strings, written as CPython's unparser writes them (spacing, quotes, parentheses), never evaluated (undefined names are fine)
from __future__ import annotations


def f(a: Undefined, b: Dict[str,int], c: 'quoted', d: int|None = None, *args: tuple[int, ...],
      e: Callable[[int], str] = len, **kw: Mapping[str, Any]) -> List[ 'Node' ]:
    pass


print(f.__annotations__)


def g(x: -1 + 2 * (3 - 4) ** 5, y: (a, b), z: not x or y and z, w: a if b else c) -> lambda q, r=1: q:
    pass


print(g.__annotations__)


def h(p: x[1:2, ::3], q: {'k': [1, 2.5]}, r: f(a, *b, k=1, **c), s: x.y.z, t: (yield_ for yield_ in ()),
      u: a < b <= c is not d, v: ~a >> 2 & b, w: {1, 2}, x: (), y: ..., z: b'by"tes') -> "it's":
    pass


print(h.__annotations__)

size: Undefined = 3
name: 'str'


class Config:
    path: os.PathLike
    retries: int = 3

    def method(self, other: Config) -> Config:
        return self


print(__annotations__, Config.__annotations__, Config.method.__annotations__)
