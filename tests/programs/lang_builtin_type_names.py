# Classes of builtin iterators and files, hash() of the singletons (and the
# set order it gives), {*s, ...} merging a set as CPython's SET_UPDATE does,
# sys.version_info, and time's calendar functions with fixed inputs.
import os
import sys
import time
import torch

print(type(iter(b'')), type(iter(bytearray())), type(iter([])), type(iter(())))
print(type(iter('abc')), type(iter('é')), type(iter(set())), type(iter(frozenset())))
print(type(iter({})), type(iter({}.values())), type(iter({}.items())), type(iter(range(3))))
print(type(reversed([])), type(reversed(range(3))), type(reversed({})), type(reversed({}.items())))
print(type(zip()).__name__, type(enumerate([])).__name__, type(map(abs, [])).__name__, type(filter(None, [])).__name__)
print(type(iter(int, 1)).__name__, type(iter(memoryview(b'ab'))).__name__)
it = iter([1, 2, 3])
print(isinstance(it, type(iter([]))), isinstance(iter(()), type(iter([]))), type(it).__name__, next(it))
print(repr(iter([]))[:25], type(iter([])) is type(iter([5])))

path = 'lang_builtin_type_names.tmp'
with open(path, 'wb') as f:
    print(type(f), type(f).__name__)
    f.write(b'abc\n')
for mode in ('rb', 'ab', 'r+b', 'r', 'w'):
    with open(path, mode) as f:
        print(mode, type(f))
os.remove(path)

print(hash(None), hash(...), hash(NotImplemented), hash(None) == hash(None))
print(list({None, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}))
keys = [3, None, 'x' * 0, 17, (1, None), 255]
print(list(set(keys)), list({k: 0 for k in [None, 99, 0, 12]}))
print(sorted({None, 1}, key=lambda v: -1 if v is None else v))

for items in ([194, 115, 120, 166, 97, 53, 24, 124, 7, 99], [155, 195, 196, 0, 178, 114, 68, 184, 58],
              [126, 141, 59, 88, 173, 56, 194, 117, 74, 5]):
    s = set(items)
    for x in items[:3]:
        s.discard(x)
    print({*s, 7}, [*s], (*s,), {1, *s}, {*s, *{300, 301}}, {*{'k': 1, 99: 2}, 5})

print(sys.version_info[:2], sys.version_info >= (3, 8), sys.version_info.major, sys.version_info.minor)
print(type(sys.version_info).__name__, len(sys.version_info), sys.getrecursionlimit())

t = time.gmtime(86400 * 365 + 3661)
print(t)
print(t.tm_year, t.tm_yday, t.tm_wday, t[0:3], len(t), t.tm_zone, t.tm_gmtoff)
print(time.strftime('%Y-%m-%d %H:%M:%S %a %b %j %%', t))
print(time.asctime(t), time.strftime('%A %B %d', (2024, 2, 29, 12, 0, 0, 3, 60, 0)))
st = time.struct_time((2020, 1, 2, 3, 4, 5, 3, 2, 0))
print(st, st.tm_mday, st.tm_zone)
print(isinstance(time.localtime(), time.struct_time), time.mktime(time.localtime(1700000000)))
x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * x).sum().backward()
print(x.grad)
