"""hashlib: md5, sha1, sha224, sha256, sha512 and new(name), with
update/digest/hexdigest/copy, name, digest_size and block_size, and
file_digest.  The digests come from the native _backstep_hash (one-shot):
a hash object keeps the bytes given to update() and digests them whole."""

import _backstep_hash

__all__ = ('md5', 'sha1', 'sha224', 'sha256', 'sha512', 'new', 'algorithms_guaranteed',
           'algorithms_available', 'file_digest')

_ALGORITHMS = {'md5': (16, 64), 'sha1': (20, 64), 'sha224': (28, 64), 'sha256': (32, 64), 'sha512': (64, 128)}
algorithms_guaranteed = frozenset(_ALGORITHMS)
algorithms_available = frozenset(_ALGORITHMS)


def _check_data(data):
    if isinstance(data, str):
        raise TypeError('Strings must be encoded before hashing')
    if isinstance(data, memoryview):
        return data.tobytes()
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("object supporting the buffer API required")
    return data


class _Hash:
    def __init__(self, name, data=b''):
        self.name = name
        self.digest_size, self.block_size = _ALGORITHMS[name]
        self._fn = getattr(_backstep_hash, name)
        self._parts = []
        if data:
            self.update(data)

    def update(self, data):
        self._parts.append(bytes(_check_data(data)))

    def digest(self):
        if len(self._parts) > 1:
            self._parts = [b''.join(self._parts)]
        return self._fn(self._parts[0] if self._parts else b'')

    def hexdigest(self):
        return self.digest().hex()

    def copy(self):
        other = _Hash(self.name)
        other._parts = list(self._parts)
        return other

    def __repr__(self):
        return '<%s _hashlib.HASH object @ %s>' % (self.name, hex(id(self)))


def _constructor(name):
    def make(string=b'', *, usedforsecurity=True, data=None):
        if data is not None:
            string = data
        return _Hash(name, _check_data(string))
    make.__name__ = 'openssl_' + name
    make.__qualname__ = make.__name__
    return make


md5 = _constructor('md5')
sha1 = _constructor('sha1')
sha224 = _constructor('sha224')
sha256 = _constructor('sha256')
sha512 = _constructor('sha512')


def new(name, data=b'', **kwargs):
    key = name.lower() if isinstance(name, str) else name
    if key not in _ALGORITHMS:
        raise ValueError('unsupported hash type ' + str(name))
    return _Hash(key, _check_data(data))


def file_digest(fileobj, digest, /, *, _bufsize=2**18):
    h = new(digest) if isinstance(digest, str) else digest()
    while True:
        chunk = fileobj.read(_bufsize)
        if not chunk:
            break
        h.update(chunk)
    return h
