# uuid, queue (no threads: non-blocking semantics), importlib.import_module, timeit.
import importlib
import queue
import timeit
import uuid

U = uuid.UUID
cases = [
    ("U('12345678123456781234567812345678')", lambda: U('12345678123456781234567812345678')),
    ("str(U('{12345678-1234-5678-1234-567812345678}'))", lambda: str(U('{12345678-1234-5678-1234-567812345678}'))),
    ("U('123')", lambda: U('123')),
    ('U(int=2**128)', lambda: U(int=2**128)),
    ("U(bytes=b'x'*16).hex", lambda: U(bytes=b'x'*16).hex),
    ('U(bytes_le=bytes(range(16)))', lambda: U(bytes_le=bytes(range(16)))),
    ('U(fields=(1,2,3,4,5,6))', lambda: U(fields=(1,2,3,4,5,6))),
    ('U(int=5, version=4)', lambda: U(int=5, version=4)),
    ('U(int=5, version=4).version', lambda: U(int=5, version=4).version),
    ('U(int=5, version=4).variant', lambda: U(int=5, version=4).variant),
    ("uuid.uuid3(uuid.NAMESPACE_DNS, 'python.org')", lambda: uuid.uuid3(uuid.NAMESPACE_DNS, 'python.org')),
    ("uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org')", lambda: uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org')),
    ('U(int=7).urn', lambda: U(int=7).urn),
    ('U(int=7).fields', lambda: U(int=7).fields),
    ('U(int=7) < U(int=8)', lambda: U(int=7) < U(int=8)),
    ('U()', lambda: U()),
    ('U(int=7).int', lambda: U(int=7).int),
    ('U(int=7).bytes', lambda: U(int=7).bytes),
]
for e, f in cases:
    try:
        print(e, '->', repr(f()))
    except (TypeError, ValueError) as ex:
        print(e, '->', type(ex).__name__, ex)
u = uuid.uuid4()
print(u.version, u.variant, len(str(u)), len(u.hex), u == U(str(u)), u != uuid.uuid4())

q = queue.Queue(2)
q.put(1)
q.put_nowait(2)
print(q.qsize(), q.full(), q.empty())
for action in (lambda: q.put_nowait(3), lambda: q.put(3, timeout=0.01)):
    try:
        action()
    except queue.Full as e:
        print('Full', repr(e))
print(q.get(), q.get_nowait())
for action in (q.get_nowait, lambda: q.get(timeout=0.01), lambda: q.get(timeout=-1)):
    try:
        action()
    except (queue.Empty, ValueError) as e:
        print(type(e).__name__, repr(e), type(e).__module__)
q.task_done()
q.task_done()
try:
    q.task_done()
except ValueError as e:
    print(e)
q.join()
lifo = queue.LifoQueue()
prio = queue.PriorityQueue()
for i in (3, 1, 2):
    lifo.put(i)
    prio.put((i, 'item%d' % i))
print([lifo.get() for _ in range(3)], [prio.get_nowait() for _ in range(3)])
s = queue.SimpleQueue()
s.put('a')
print(s.qsize(), s.get(), s.empty())
try:
    s.get(block=False)
except queue.Empty:
    print('SimpleQueue empty')

json = importlib.import_module('json')
print(json.dumps([1]), importlib.import_module('os.path').basename('/a/b'))
try:
    importlib.import_module('no_such_module_here')
except ImportError as e:
    print(type(e).__name__, e)
try:
    importlib.import_module('.x')
except TypeError as e:
    print(e)

calls = []
t = timeit.timeit(lambda: calls.append(1), number=5)
print(len(calls), isinstance(t, float), t >= 0)
r = timeit.repeat(lambda: None, repeat=3, number=10)
print(len(r), timeit.default_timer is __import__('time').perf_counter)
print(timeit.Timer(lambda: None, setup=lambda: calls.append('setup')).timeit(number=2) >= 0, calls[-1])
