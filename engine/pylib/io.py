"""io: in-memory text and binary streams (StringIO, BytesIO), open, and the
SEEK_* constants, as CPython's io module has them.

StringIO and BytesIO keep their contents as one str / bytes value plus
pending appended pieces, so a loop of write() calls costs what a list append
does; reads and overwrites join the pieces first.
"""

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
DEFAULT_BUFFER_SIZE = 8192

open = open


class UnsupportedOperation(OSError, ValueError):
    pass


UnsupportedOperation.__module__ = 'io'


class _MemoryStream:
    """What StringIO and BytesIO share; _empty is '' or b''."""

    def __init__(self, initial):
        self._value = initial
        self._pieces = []
        self._size = len(initial)
        self._pos = 0
        self.closed = False

    def _check_open(self):
        if self.closed:
            raise ValueError('I/O operation on closed file')

    def _joined(self):
        if self._pieces:
            self._value = self._empty.join([self._value] + self._pieces)
            self._pieces = []
        return self._value

    def getvalue(self):
        self._check_open()
        return self._joined()

    def _write(self, data):
        n = len(data)
        if n == 0:
            return 0
        if self._pos == self._size:
            self._pieces.append(data)
        else:
            value = self._joined()
            if self._pos > self._size:
                value = value + self._zero * (self._pos - self._size)
            self._value = value[:self._pos] + data + value[self._pos + n:]
        self._pos += n
        self._size = max(self._size, self._pos)
        return n

    def read(self, size=-1):
        self._check_open()
        value = self._joined()
        start = min(self._pos, self._size)
        end = self._size if size is None or size < 0 else min(self._size, start + size)
        self._pos = max(self._pos, end)
        return value[start:end]

    def readline(self, size=-1):
        self._check_open()
        value = self._joined()
        start = min(self._pos, self._size)
        end = value.find(self._newline, start)
        end = self._size if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, start + size)
        self._pos = max(self._pos, end)
        return value[start:end]

    def readlines(self, hint=-1):
        lines = []
        total = 0
        while True:
            line = self.readline()
            if not line:
                return lines
            lines.append(line)
            total += len(line)
            if hint is not None and 0 < hint <= total:
                return lines

    def writelines(self, lines):
        self._check_open()
        for line in lines:
            self.write(line)

    def tell(self):
        self._check_open()
        return self._pos

    def truncate(self, size=None):
        self._check_open()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError('Negative size value %d' % size)
        if size < self._size:
            self._value = self._joined()[:size]
            self._size = size
        return size

    def __iter__(self):
        self._check_open()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __enter__(self):
        self._check_open()
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.closed = True

    def flush(self):
        self._check_open()

    def readable(self):
        self._check_open()
        return True

    def writable(self):
        self._check_open()
        return True

    def seekable(self):
        self._check_open()
        return True

    def isatty(self):
        self._check_open()
        return False


class StringIO(_MemoryStream):
    """Text I/O implementation using an in-memory buffer."""

    _empty = ''
    _zero = '\0'
    _newline = '\n'

    def __init__(self, initial_value='', newline='\n'):
        if initial_value is None:
            initial_value = ''
        if not isinstance(initial_value, str):
            raise TypeError('initial_value must be str or None, not %s' % type(initial_value).__name__)
        super().__init__(initial_value)

    def write(self, s):
        self._check_open()
        if not isinstance(s, str):
            raise TypeError("string argument expected, got '%s'" % type(s).__name__)
        return self._write(s)

    def seek(self, pos, whence=0):
        self._check_open()
        if whence == 0:
            if pos < 0:
                raise ValueError('Negative seek position %d' % pos)
            self._pos = pos
        elif whence == 1:
            if pos != 0:
                raise OSError("Can't do nonzero cur-relative seeks")
        elif whence == 2:
            if pos != 0:
                raise OSError("Can't do nonzero end-relative seeks")
            self._pos = self._size
        else:
            raise ValueError('Invalid whence (%d, should be 0, 1 or 2)' % whence)
        return self._pos


class BytesIO(_MemoryStream):
    """Buffered I/O implementation using an in-memory bytes buffer."""

    _empty = b''
    _zero = b'\0'
    _newline = b'\n'

    def __init__(self, initial_bytes=b''):
        if initial_bytes is None:
            initial_bytes = b''
        super().__init__(bytes(initial_bytes))

    def write(self, b):
        self._check_open()
        if isinstance(b, str) or not isinstance(b, (bytes, bytearray)):
            raise TypeError("a bytes-like object is required, not '%s'" % type(b).__name__)
        return self._write(bytes(b))

    def read1(self, size=-1):
        return self.read(size)

    def seek(self, pos, whence=0):
        self._check_open()
        if whence == 0:
            if pos < 0:
                raise ValueError('negative seek value %d' % pos)
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, self._size + pos)
        else:
            raise ValueError('invalid whence (%d, should be 0, 1 or 2)' % whence)
        return self._pos


StringIO.__module__ = '_io'
BytesIO.__module__ = '_io'
