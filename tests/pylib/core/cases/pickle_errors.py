# Corrupt or unpicklable data: CPython's exceptions and messages.
import pickle

corrupt = [b'', b'garbage', b'\x80\x04K', b'\x80\x02]q\x00(K\x01', b'\x80\x02h\x05.', b'\x80\x09N.',
           b'N', b'\x80\x02X\x05\x00\x00\x00ab', b'\x80\x03cnosuchmod\nX\n.', b'\x80\x03cbuiltins\nnosuch\n.',
           b'\x80\x02K\x01K\x02s.', b'\x80\x02t.', b'\x80\x02\x82\x01.', b'\x80\x02e.', b'\x80\x02J\x01\x02.',
           b'\x80\x02K\x01b.', b'\x80\x02(K\x01b.', b'.', b'\x00', b'\xff', b'I12\n.', b'(N.',
           b'\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00N.']
for data in corrupt:
    try:
        print(repr(pickle.loads(data)))
    except (pickle.UnpicklingError, EOFError, ValueError, ImportError, AttributeError) as e:
        print(type(e).__name__, e)

try:
    pickle.loads('text')
except TypeError as e:
    print('TypeError:', e)
try:
    pickle.dumps(1, 6)
except ValueError as e:
    print('ValueError:', e)


def make_local():
    class Local:
        pass
    return Local


for bad in (make_local(), (x for x in [])):
    try:
        pickle.dumps(bad)
    except (AttributeError, TypeError, pickle.PicklingError) as e:
        print(type(e).__name__, e)
try:
    pickle.dumps(lambda: 1)
except pickle.PicklingError as e:
    print('PicklingError:', str(e).split(':')[1])
print(issubclass(pickle.PicklingError, pickle.PickleError), pickle.UnpicklingError.__module__)
