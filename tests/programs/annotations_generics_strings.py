# Function annotations, PEP 585/604 generics of builtins, number dunders,
# mappingproxy, and str searching with bounds.
import types


def f(a: int, b: 'str' = 'x', *c: float, d: list[int] = None, **e: dict[str, int]) -> int | None:
    return None


def plain(a, b):
    pass


print(f.__annotations__)
print(plain.__annotations__)
print(list[int], dict[str, list[int]], tuple[int, ...], tuple[()], type[int], set[str] | None)
print(type(list[int]), type(int | str), int | str, None | int, int | int, (int | str) == (str | int))
print(isinstance(3, int | str), isinstance(2.5, int | None), issubclass(bool, int | str), list[int](range(3)))
try:
    int | 3
except TypeError as e:
    print('TypeError', e)


class Small(int):
    pass


class Rounded:
    def __round__(self, ndigits=None):
        return ('rounded', ndigits)


print(abs(Small(-3)), round(Small(7)), round(1234, -2), round(1250, -2), round(1350, -2), round(-1250, -2))
print(round(Rounded()), round(Rounded(), 2), (5).__round__(), (-5).__abs__(), (2.7).__trunc__(), (2.5).__round__())

proxy = types.MappingProxyType({'a': 1})
print(proxy, repr(proxy), type(proxy).__name__, proxy['a'], len(proxy), list(proxy), 'a' in proxy, proxy | {'b': 2})
try:
    proxy['b'] = 2
except TypeError as e:
    print('TypeError', e)

s = 'hello wörld'
print(s.startswith('wörld', 6), s.startswith('hello', 1), s.endswith('hello', 0, 5), s.startswith(('x', 'w'), 6))
print(s.find('l', 4), s.find('ö'), s.rfind('l'), s.index('w', 5), s.rindex('l', 0, 5), s.count('l', 3), s.find('', 11), s.find('', 12))
print('a.b.c'.rpartition('.'), 'abc'.rpartition('.'))
