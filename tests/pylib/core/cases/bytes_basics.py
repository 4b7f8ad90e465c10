# bytes as CPython: literals, indexing and slicing give ints and bytes,
# iteration, comparison, hashing, repr, the constructor, codecs and methods.
b = b'hello \x00\xff\t\n\'"'
print(b, repr(b'it\'s'), b'say "hi"', b"", b'\\', rb'\x00', b'\x7f\x80', B'ABC', br'a\nb')
print(len(b), b[0], b[-1], b[1:4], b[::-1], b[100:], list(b'abc'), [c for c in b'hi'])
print(b'abc' == b'abc', b'abc' == 'abc', b'abc' != b'abd', b'abc' < b'abd', b'ab' < b'abc', b'b' > b'abc')
print(hash(b'') == 0, hash(b'abc') == hash(b'ab' + b'c'), {b'x': 1}[b'x'], b'a' in {b'a', b'b'})
print(b'ab' + b'cd', b'ab' * 3, 2 * b'x', b'' * 5, b'a' in b'cat', 97 in b'cat', 98 in b'cat', b'' in b'x')
print(bytes(), bytes(3), bytes([104, 105]), bytes(range(65, 70)), bytes(b'copy'), bytes('héllo', 'utf-8'), bytes('abc', encoding='ascii'))
print('héllo €'.encode(), 'héllo'.encode('utf-8'), 'abc'.encode('ascii'), 'é'.encode('latin-1'), 'x'.encode('UTF8'))
print(b'h\xc3\xa9llo'.decode(), b'abc'.decode('ascii'), b'\xe9'.decode('latin-1'), b'\xffa'.decode('utf-8', 'replace'), b'\xffa'.decode('utf-8', 'ignore'))
print(str(b'abc', 'utf-8'), str(b'x'), type(b'x').__name__, isinstance(b'x', bytes), bool(b''), bool(b'\x00'))
print(b'\x01\xab'.hex(), b'abc'.hex(':'), bytes.fromhex('0a 1B ff'), bytes.fromhex(''))
print(b'a,b,,c'.split(b','), b'  a  b '.split(), b'a b c'.split(None, 1), b'a-b-c'.split(b'-', 1))
print(b'-'.join([b'a', b'b', b'c']), b''.join([]), b', '.join(x for x in [b'1', b'2']))
print(b'abcabc'.find(b'c'), b'abcabc'.rfind(b'c'), b'abc'.find(99), b'abc'.find(b'z'), b'abcabc'.index(b'b', 2), b'aXbXc'.count(b'X'))
print(b'abc'.startswith(b'ab'), b'abc'.endswith((b'x', b'c')), b'abc'.startswith(b'abcd'))
print(b'a.b.c'.replace(b'.', b'::'), b'aaa'.replace(b'a', b'b', 2), b'  x  '.strip(), b'xxaxx'.strip(b'x'), b'  x '.lstrip(), b' x  '.rstrip())
print(b'AbC'.upper(), b'AbC'.lower(), b'123'.isdigit(), b'12a'.isdigit())


def attempt(label, fn):
    try:
        print(label, fn())
    except (TypeError, ValueError, IndexError, LookupError) as e:
        print(label, type(e).__name__ + ':', e)


attempt('index', lambda: b'abc'[5])
attempt('concat', lambda: b'abc' + 'x')
attempt('str concat', lambda: 'x' + b'abc')
attempt('range', lambda: bytes([256]))
attempt('no encoding', lambda: bytes('x'))
attempt('bad item', lambda: bytes(['a']))
attempt('contains str', lambda: 'x' in b'abc')
attempt('contains big', lambda: 300 in b'abc')
attempt('decode', lambda: b'\x80abc'.decode())
attempt('decode end', lambda: b'ab\xc3'.decode())
attempt('decode cont', lambda: b'\xc3\x28'.decode())
attempt('decode ascii', lambda: b'ab\xff'.decode('ascii'))
attempt('encode ascii', lambda: 'aé'.encode('ascii'))
attempt('encoding', lambda: 'a'.encode('nope'))
attempt('fromhex', lambda: bytes.fromhex('0g'))
attempt('join', lambda: b'-'.join([b'a', 'b']))
attempt('startswith', lambda: b'abc'.startswith('a'))
attempt('index missing', lambda: b'abc'.index(b'z'))


def assign():
    b = b'abc'
    b[0] = 1


attempt('assign', assign)
