# hashlib digests, base64/binascii codecs: CPython's bytes and errors.
import base64
import binascii
import hashlib
import io

for name in ('md5', 'sha1', 'sha224', 'sha256', 'sha512'):
    for data in (b'', b'abc', b'The quick brown fox jumps over the lazy dog', bytes(range(256)) * 5):
        h = getattr(hashlib, name)(data)
        print(name, h.name, h.digest_size, h.block_size, h.hexdigest())
h = hashlib.sha256()
h.update(b'hello ')
c = h.copy()
h.update(b'world')
print(h.hexdigest(), c.hexdigest(), hashlib.sha256(b'hello world').digest() == h.digest())
print(hashlib.new('md5', b'x').hexdigest(), hashlib.new('SHA1').hexdigest())
print(hashlib.sha256(bytearray(b'ab')).hexdigest(), hashlib.md5(string=b'q').hexdigest())
print(hashlib.file_digest(io.BytesIO(b'file contents'), 'sha256').hexdigest())
print(sorted(n for n in hashlib.algorithms_guaranteed if n in ('md5', 'sha1', 'sha256', 'sha512')))
for bad in (lambda: hashlib.sha256('text'), lambda: hashlib.new('nope'), lambda: hashlib.md5().update(1)):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

for data in (b'', b'f', b'fo', b'foo', b'foob', b'fooba', b'foobar', bytes(range(256)), b'\xfb\xff\xfe' * 7):
    enc = (base64.b64encode(data), base64.urlsafe_b64encode(data), base64.b32encode(data), base64.b16encode(data),
           base64.encodebytes(data))
    print(enc[:4], len(enc[4]))
    print(base64.b64decode(enc[0]) == data, base64.urlsafe_b64decode(enc[1]) == data,
          base64.b32decode(enc[2]) == data, base64.b16decode(enc[3]) == data, base64.decodebytes(enc[4]) == data)
    print(binascii.crc32(data), binascii.hexlify(data)[:20], binascii.b2a_base64(data)[:20])
print(base64.b64decode('Zm 9v\n'), base64.b64decode(b'Zg==='), base64.b64encode(b'\xff\xfe', b'-_'))
print(base64.b32decode('mzxw6===', casefold=True), base64.b16decode('666f', True), binascii.crc32(b'hello', binascii.crc32(b'abc')))
print(base64.standard_b64encode(b'x'), base64.standard_b64decode('eA=='), binascii.unhexlify('00ff'), binascii.hexlify(b'\x01\x02', '-'))
for bad, f in [
        ("base64.b64decode('Zm9')", lambda: base64.b64decode('Zm9')),
        ("base64.b64decode('Zm9vY')", lambda: base64.b64decode('Zm9vY')),
        ("base64.b64decode('Zm9v!!', validate=True)", lambda: base64.b64decode('Zm9v!!', validate=True)),
        ("base64.b32decode('MZXW6')", lambda: base64.b32decode('MZXW6')),
        ("base64.b32decode('MZXW6!==')", lambda: base64.b32decode('MZXW6!==')),
        ("base64.b16decode('666f')", lambda: base64.b16decode('666f')),
        ("base64.b16decode('6')", lambda: base64.b16decode('6')),
        ("base64.b64encode('str')", lambda: base64.b64encode('str')),
        ("binascii.unhexlify('abc')", lambda: binascii.unhexlify('abc')),
        ("binascii.unhexlify('zz')", lambda: binascii.unhexlify('zz')),
        ("base64.b64decode('é')", lambda: base64.b64decode('é')),
]:
    try:
        f()
    except (binascii.Error, TypeError, ValueError) as e:
        print(bad, type(e).__name__, e, isinstance(e, ValueError))
