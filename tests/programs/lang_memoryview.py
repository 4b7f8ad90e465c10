# memoryview over bytes and bytearray: len, indexing, slicing (a view on the
# same memory), assignment through a bytearray's view, tobytes/tolist/hex,
# cast, ==, hash, release and the context manager, with CPython's errors.
import torch

data = bytearray(b'hello world')
m = memoryview(data)
print(len(m), m[0], m[-1], m.readonly, m.format, m.itemsize, m.nbytes, m.ndim, m.shape, m.strides)
print(m[1:5].tobytes(), m[::2].tolist(), m[::-1].tobytes(), bytes(m[6:]), m.hex(), m[2:4].hex())
m[0] = ord('J')
m[6:11] = b'WORLD'
print(data, m.obj is data, m == b'Jello WORLD', m[0:5] == bytearray(b'Jello'), m != b'x')
sub = m[6:]
sub[0] = 119
print(data, sub.tobytes(), list(sub), [b for b in m[:3]])
ro = memoryview(b'abcdef')
print(ro.readonly, ro[2], ro[-2:].tobytes(), hash(ro) == hash(b'abcdef'), ro.toreadonly().readonly)
for bad in (lambda: ro.__setitem__(0, 1), lambda: hash(m), lambda: m.__setitem__(0, 256),
            lambda: m.__setitem__(slice(0, 2), b'abc'), lambda: m[20], lambda: memoryview('text'),
            lambda: m['a'], lambda: memoryview(5)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
ints = memoryview(bytes([1, 0, 0, 0, 255, 255, 255, 255]))
print(ints.cast('i').tolist(), ints.cast('I').tolist(), ints.cast('h').tolist(), ints.cast('B').tolist(),
      ints.cast('b').tolist(), ints.cast('c').tolist()[:2], ints.cast('q').tolist())
c = ints.cast('i')
print(c.format, c.itemsize, len(c), c.nbytes, c[1], c.shape)
f = memoryview(bytes(8)).cast('d')
print(f.tolist(), memoryview(bytes([0, 0, 128, 63])).cast('f').tolist())
for bad in (lambda: ints.cast('x'), lambda: memoryview(b'abc').cast('i'), lambda: ints[::2].cast('B'),
            lambda: ints.cast('i').cast('h')):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
with memoryview(b'xyz') as v:
    print(v.tobytes(), v.released if hasattr(v, 'released') else None)
print(repr(v).startswith('<released memory at 0x'))
try:
    v.tobytes()
except ValueError as e:
    print(e)
w = memoryview(b'q')
w.release()
w.release()
try:
    len(w)
except ValueError as e:
    print(e)
print(repr(memoryview(b'')).startswith('<memory at 0x'), memoryview(memoryview(b'ab')).tobytes())
t = torch.tensor(list(memoryview(b'\x01\x02\x03')), dtype=torch.float32, requires_grad=True)
(t * 2).sum().backward()
print(t.grad)
