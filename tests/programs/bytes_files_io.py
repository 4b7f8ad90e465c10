# bytearray, binary files (open 'rb'/'wb'/'ab'/'r+b', read/write/seek/tell
# with bytes), and io.StringIO / io.BytesIO.
import io
import os

ba = bytearray(b"hello")
print(ba, len(ba), ba[0], ba[-1], ba[1:3], ba[::-1], type(ba[1:3]).__name__)
ba[0] = 72
ba[1:3] = b"EY"
ba += b"!"
ba.append(33)
ba.extend([10, 11])
ba.insert(0, 62)
print(ba, ba.pop(), ba.pop(0), ba)
del ba[-1]
del ba[::2]
print(ba, bytes(ba), ba == bytes(ba), b"x" + bytearray(b"y"), bytearray(b"y") + b"x")
print(bytearray(3), bytearray([1, 2, 255]), bytearray("héllo", "utf-8"), bytearray(), bytearray(b"ab") * 2)
b2 = bytearray(b"  a,b,,c  ")
print(b2.strip(), b2.split(b","), b2.decode(), b2.hex(), b2.find(b"b"), b2.count(b","), b2.upper())
print(b2.replace(b",", b";"), bytearray(b"-").join([b"a", bytearray(b"b")]), b2.startswith(b"  a"), 97 in b2, b"a," in b2)
b3 = bytearray(b"abc")
b3.reverse()
b3.remove(98)
c = b3.copy()
c.clear()
print(b3, c, list(bytearray(b"AZ")), bytearray(b"abc") < bytearray(b"abd"), repr(bytearray(b"'\"\n")))
for bad in (lambda: bytearray(b"a").__setitem__(0, 256), lambda: bytearray(b"")[0], lambda: hash(bytearray()),
            lambda: bytearray(b"abc").__setitem__(slice(None, None, 2), b"x"), lambda: bytearray().pop(),
            lambda: bytearray(b"a").remove(5), lambda: bytearray(b"a") + "s"):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)

d = "/tmp/backstep_bytes_files_io_%d" % os.getpid()
os.makedirs(d, exist_ok=True)
path = os.path.join(d, "data.bin")
with open(path, "wb") as f:
    print(f.write(b"\x00\x01binary\xff\n"), f.write(bytearray(b"line2\nend")), f.tell())
with open(path, "ab") as f:
    f.write(b"+tail")
with open(path, "rb") as f:
    print(f.read(3), f.tell(), f.readline(), f.readline())
    print(f.seek(-4, 2), f.read(), f.seek(2), f.read(6), f.seek(-3, 1), f.read(2))
    f.seek(0)
    print(f.readlines())
    f.seek(0)
    print([line for line in f])
with open(path, "r+b") as f:
    f.seek(2)
    f.write(b"BIN")
    f.seek(0)
    print(f.read())
try:
    open(path, "wb").write("text")
except TypeError as e:
    print("TypeError:", e)
with open(path, "rb") as f:
    data = f.read()
print(len(data), data[:4], type(data).__name__)
os.remove(path)
os.rmdir(d)

s = io.StringIO()
print(s.write("first\n"), s.write("second line\n"), s.tell())
print(repr(s.getvalue()))
s.seek(0)
print(repr(s.readline()), repr(s.read(3)), s.readlines())
s = io.StringIO("a\nb\nc")
print([line for line in s], s.read(), s.seek(1), s.write("X"), s.getvalue())
with io.StringIO("ctx") as t:
    print(t.read())
print(t.closed)
try:
    t.read()
except ValueError as e:
    print("ValueError:", e)
b = io.BytesIO(b"hello")
b.seek(0, 2)
b.write(b"!!")
print(b.getvalue(), b.tell(), b.seek(-3, 2), b.read(), b.seek(9), b.write(b"z"), b.getvalue())
print(b.truncate(3), b.getvalue(), io.BytesIO(b"x\ny\n").readlines())
for bad in (lambda: io.StringIO().write(3), lambda: io.BytesIO().write("s"), lambda: io.StringIO().seek(1, 1),
            lambda: io.StringIO().seek(-1)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print(io.SEEK_SET, io.SEEK_CUR, io.SEEK_END)
