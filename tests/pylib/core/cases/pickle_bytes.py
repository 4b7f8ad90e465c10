# pickle.dumps writes CPython's bytes for every protocol; loads reads them back.
import pickle

shared = [1, 2]
rec = []
rec.append(rec)
values = [None, True, False, 0, 1, 255, 256, 65535, 65536, -1, -129, 2**31 - 1, -2**31, 2**31, 2**63,
          -2**63 - 1, 2**100, 0.0, -0.0, 1.5, 1e300, float('inf'), 'abc', '', 'h\u00e9\u20ac\U0001d11e',
          '\\\n\r\0\x1a', 'x' * 300, b'', b'ab\x00\xff', b'x' * 300, bytearray(b'hi'), (), (1,), (1, 2),
          (1, 2, 3), (1, 2, 3, 4), [], [1], [1, 2], {}, {1: 2}, {1: 2, 'a': [3]}, set(), {7},
          frozenset(), frozenset({4}), [shared, shared], (shared, shared), len, int, str, range, dict]
for v in values:
    for proto in range(6):
        data = pickle.dumps(v, proto)
        back = pickle.loads(data)
        print(proto, data, back == v or repr(back) == repr(v))

print(pickle.dumps(rec, 2), pickle.dumps(rec, 4))
r = pickle.loads(pickle.dumps(rec))
print(r[0] is r)
s = pickle.loads(pickle.dumps([shared, shared]))
print(s[0] is s[1])
big = list(range(2500))
for proto in (1, 2, 4):
    data = pickle.dumps(big, proto)
    print(proto, len(data), data[:20], data[-12:], pickle.loads(data) == big)
d = {i: str(i) for i in range(1200)}
print(len(pickle.dumps(d)), pickle.loads(pickle.dumps(d, 0)) == d)
huge = 'y' * 70000
data = pickle.dumps([huge, b'z' * 70000, 1], 4)
print(len(data), data[:16], pickle.loads(data)[2])
print(pickle.HIGHEST_PROTOCOL, pickle.DEFAULT_PROTOCOL, pickle.dumps(1, -1), pickle.dumps(1))
