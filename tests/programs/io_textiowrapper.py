# io.TextIOWrapper over BytesIO buffers: decoding, newline modes, pending
# writes until flush, line buffering, iteration, detach, errors.
import io
b = io.BytesIO(b'line one\r\nline two\rthree\nlast')
w = io.TextIOWrapper(b, encoding='utf-8')
print(type(w), repr(w), w.encoding, w.errors, w.line_buffering)
print(repr(w.readline()), repr(w.read(4)), w.readlines())
b2 = io.BytesIO(b'a\r\nb\rc\n')
print(io.TextIOWrapper(b2, newline='').readlines())
out = io.BytesIO()
tw = io.TextIOWrapper(out, encoding='utf-8', newline='\r\n')
print(tw.write('héllo\nworld\n'))
print(out.getvalue())
tw.flush()
print(out.getvalue())
lb = io.BytesIO()
t2 = io.TextIOWrapper(lb, line_buffering=True)
t2.write('no newline'); print(lb.getvalue()); t2.write(' then\n'); print(lb.getvalue())
with io.TextIOWrapper(io.BytesIO('ü\n'.encode('latin-1')), encoding='latin-1') as t3:
    for line in t3:
        print(repr(line))
print(t3.closed)
t4 = io.TextIOWrapper(io.BytesIO(b'abc'))
print(t4.read(), t4.read())
d = t4.detach(); print(type(d).__name__)
try:
    t4.read()
except ValueError as e:
    print(e)
try:
    io.TextIOWrapper(io.BytesIO(), encoding='nope')
except LookupError as e:
    print(e)
