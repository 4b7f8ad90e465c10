# struct (formats, byte orders, alignment, errors) as an MNIST-style idx
# reader uses it, on memoryview casts.
import struct
print(struct.calcsize('bi'), struct.calcsize('<bi'), struct.calcsize('>IIx3s'), struct.calcsize('@qc'), struct.calcsize('=l'), struct.calcsize('l'))
print(struct.pack('>II', 2051, 60000), struct.pack('<hHb', -2, 65535, -128), struct.pack('bi', 1, 2), struct.pack('<d', 1.5), struct.pack('>f', -0.25))
print(struct.unpack('>II', b'\x00\x00\x08\x03\x00\x00\xea`'), struct.unpack('<d', struct.pack('<d', 3.14)), struct.unpack('>q', b'\xff' * 8))
print(struct.pack('4s2sp', b'ab', b'xyz', b'q'), struct.unpack('3s', b'abc'), struct.pack('?c', 5, b'z'), struct.unpack('<?Q', b'\x01' + b'\xff' * 8))
print(list(struct.iter_unpack('<h', b'\x01\x00\x02\x00')), struct.unpack_from('>H', b'\x00\x01\x02', 1), struct.Struct('<i').size)
s = struct.Struct('>ih')
buf = bytearray(8)
s.pack_into(buf, 1, 7, -1)
print(buf, s.unpack_from(buf, 1), s.format)
for bad in (lambda: struct.pack('B', 256), lambda: struct.pack('b', -129), lambda: struct.pack('<h', 40000), lambda: struct.pack('<I', -1),
            lambda: struct.pack('<q', 2**64), lambda: struct.pack('i', 'x'), lambda: struct.pack('d', 'x'), lambda: struct.pack('ii', 1),
            lambda: struct.unpack('<I', b'ab'), lambda: struct.pack('z'), lambda: struct.pack('c', b'ab'), lambda: struct.pack('<i', 2**31)):
    try:
        bad()
    except struct.error as e:
        print('error', e)
print(struct.pack('<Q', 2**64 - 1), struct.unpack('<Q', b'\xff' * 8), struct.pack('=H', 258))
import io
import torch

header = struct.pack('>IIII', 2051, 2, 2, 3)
pixels = bytes(range(0, 240, 20))
f = io.BytesIO(header + pixels)
magic, n, rows, cols = struct.unpack('>IIII', f.read(16))
images = torch.tensor(list(memoryview(f.read(n * rows * cols))), dtype=torch.float32).reshape(n, rows, cols) / 255
images.requires_grad_(True)
(images * images).sum().backward()
print(magic, n, rows, cols, images.grad[1])
