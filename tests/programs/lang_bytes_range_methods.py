# bytes/bytearray text methods (padding, partition, rsplit, splitlines,
# translate/maketrans, the is* tests, case changes), range.count/index, and
# %-formatting widths, as CPython 3.11 gives them.
import torch

b = b'Hello World'
print(b.ljust(14, b'*'), b.rjust(14), b.center(16, b'-'), b.center(14), b'-7'.zfill(5), b'abc'.zfill(2))
print(b.removeprefix(b'Hello '), b.removesuffix(b'World'), b.removesuffix(b''), b.partition(b'o'), b.rpartition(b'o'))
print(b.partition(b'zz'), b.rpartition(b'zz'), b'a b  c '.rsplit(), b'a,b,c'.rsplit(b',', 1), b'  x y '.rsplit(None, 1))
print(b'l1\nl2\r\nl3\rl4'.splitlines(), b'l1\nl2\r\n'.splitlines(True), b'a\tbc\td'.expandtabs(), b'a\tb'.expandtabs(2))
t = bytes.maketrans(b'lo', b'01')
print(b.translate(t), b.translate(None, b'lo'), b.translate(t, b'H'), len(t))
print(b'abc1'.isalnum(), b'ab'.isalpha(), b' \t'.isspace(), b''.isalpha(), b'\xff'.isascii(), b''.isascii())
print(b'abc'.islower(), b'ABC1'.isupper(), b'Hello World'.istitle(), b'Hello world'.istitle(), b'1A'.istitle())
print(b'hELLO wORLD'.capitalize(), b'hello world-x'.title(), b'Hello'.swapcase(), b.rindex(b'o'), b.rfind(b'q'))
ba = bytearray(b'data set')
print(ba.ljust(10, b'.'), ba.partition(b' '), ba.title(), ba.rsplit(b't', 1), type(ba.center(12)).__name__)
for bad in (lambda: b.ljust(5, b'ab'), lambda: b.partition(b''), lambda: b.rindex(b'q'), lambda: bytes.maketrans(b'a', b'bc'),
            lambda: b.translate(b'short')):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
r = range(3, 20, 4)
print(r.index(11), r.count(7), r.count(8), r.count(7.0), range(5).index(True), r.start, r.stop, r.step)
try:
    r.index(4)
except ValueError as e:
    print(e)
print('%5s|%-5s|%5r|%3c|' % ('ab', 'cd', 'e', 'f'), '%8.3s|' % 'abcdef')
x = torch.tensor([float(v) for v in b'\x01\x02'], requires_grad=True)
(x ** 2).sum().backward()
print(x.grad)
