# The builtin open() and text file objects as a training script uses them:
# writing a log, reading it back line by line, appending, newline
# translation, seek/tell, and CPython's errors for bad modes, missing files
# and closed files.
import os

base = '/tmp/backstep_file_objects_%d' % os.getpid()
os.makedirs(base)
path = os.path.join(base, 'log.txt')

with open(path, 'w') as f:
    print(repr(f).replace(base, 'BASE'), f.mode, f.encoding, f.closed, f.name == path)
    print(f.write('epoch 1 loss 0.5\n'), f.tell())
    f.writelines(['epoch 2 loss 0.25\n', 'épоch 3\n'])
    print('done', 3, sep=': ', end='!\n', file=f)
print(f.closed)

with open(path) as f:
    for line in f:
        print(repr(line))
with open(path, encoding='utf-8') as f:
    print(repr(f.read(5)), f.tell(), repr(f.readline()), repr(f.readline(3)))
    print(f.readlines())
    print(repr(f.read()), repr(f.readline()), f.seek(0), repr(f.readline()))

with open(path, 'a') as f:
    f.write('appended')
with open(path, 'r') as f:
    print(f.read().splitlines()[-2:])

# newline translation: universal on read, as asked on write
with open(path, 'w', newline='') as f:
    f.write('a\r\nb\rc\nd')
for newline in [None, '', '\n', '\r', '\r\n']:
    with open(path, newline=newline) as f:
        print(repr(newline), f.readlines())
with open(path, 'w', newline='\r\n') as f:
    f.write('x\ny\n')
with open(path, newline='') as f:
    print(repr(f.read()))

# read and write on one file
with open(path, 'w+') as f:
    f.write('hello world')
    f.seek(0)
    print(f.read(5), f.tell(), f.seek(0, 2), f.readable(), f.writable())

# a file stays usable after an error inside `with`, and is closed after it
try:
    with open(path) as f:
        raise KeyError('inside')
except KeyError as e:
    print('KeyError', e, f.closed)

# iteration turns tell() off until the end
with open(path) as f:
    next(iter(f))
    try:
        f.tell()
    except OSError as e:
        print('OSError', e)

errors = [
    lambda: open(os.path.join(base, 'missing.txt')),
    lambda: open(base),
    lambda: open(base, 'w'),
    lambda: open(path, 'x'),
    lambda: open(path, 'rw'),
    lambda: open(path, 'rr'),
    lambda: open(path, 'rbt'),
    lambda: open(path, 'rb', encoding='utf-8'),
    lambda: open(path, newline='x'),
    lambda: open(path, encoding='no-such-codec'),
    lambda: open(path, 5),
    lambda: open([]),
    lambda: open(path + '\0'),
    lambda: open(path).write('x'),
    lambda: open(path, 'w').read(),
    lambda: open(path).read('x'),
    lambda: open(path, 'w').write(5),
    lambda: open(path).seek(1, 1),
    lambda: open(path).seek(-1),
    lambda: open(path).seek(0, 7),
]
for bad in errors:
    try:
        bad()
        print('no error')
    except (OSError, ValueError, TypeError, LookupError) as e:
        print(type(e).__name__, getattr(e, 'errno', None), str(e).replace(base, 'BASE'))

f = open(path)
f.close()
f.close()
for op in [f.read, f.readline, f.readlines, f.tell, f.flush, f.fileno, lambda: f.write('x'),
           lambda: f.seek(0), lambda: next(f), lambda: list(f), lambda: f.__enter__()]:
    try:
        op()
    except ValueError as e:
        print('ValueError', e)

os.remove(path)
os.rmdir(base)
