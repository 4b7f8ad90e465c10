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


class TextIOWrapper:
    """Text over a binary stream (a BytesIO, a file opened 'rb'/'wb', ...):
    reads decode what the buffer holds, with newline translation as io's
    (universal newlines when newline is None); writes are encoded and kept
    until flush(), close(), 8192 pending bytes or, with line_buffering, a
    line end, as CPython's TextIOWrapper keeps them.

    Reading takes the rest of the buffer at the first read, so a program
    that moves the buffer's position underneath a wrapper it reads from sees
    the text as it was then.
    """

    _CHUNK_SIZE = 8192

    def __init__(self, buffer, encoding=None, errors=None, newline=None, line_buffering=False,
                 write_through=False):
        if newline is not None and not isinstance(newline, str):
            raise TypeError("TextIOWrapper() argument 'newline' must be str or None, not %s"
                            % type(newline).__name__)
        if newline not in (None, '', '\n', '\r', '\r\n'):
            raise ValueError('illegal newline value: %s' % newline)
        if encoding is not None and not isinstance(encoding, str):
            raise TypeError("TextIOWrapper() argument 'encoding' must be str or None, not %s"
                            % type(encoding).__name__)
        if errors is not None and not isinstance(errors, str):
            raise TypeError("TextIOWrapper() argument 'errors' must be str or None, not %s"
                            % type(errors).__name__)
        self._buffer = buffer
        self._encoding = 'UTF-8' if encoding is None or encoding == 'locale' else encoding
        ''.encode(self._encoding)   # LookupError: unknown encoding, as CPython checks at once
        self._errors = 'strict' if errors is None else errors
        self._newline = newline
        self._line_buffering = line_buffering
        self._write_through = write_through
        self._pending = []
        self._pending_size = 0
        self._text = None          # decoded text not yet returned
        self._text_pos = 0
        self._detached = False

    # ---- attributes ----
    @property
    def buffer(self):
        self._check_attached()
        return self._buffer

    @property
    def encoding(self):
        return self._encoding

    @property
    def errors(self):
        return self._errors

    @property
    def line_buffering(self):
        return self._line_buffering

    @property
    def write_through(self):
        return self._write_through

    @property
    def newlines(self):
        return None

    @property
    def closed(self):
        return self.buffer.closed

    @property
    def name(self):
        return self.buffer.name

    def __repr__(self):
        result = '<_io.TextIOWrapper'
        try:
            name = self.name
        except AttributeError:
            pass
        else:
            result += ' name={0!r}'.format(name)
        try:
            mode = self.mode
        except AttributeError:
            pass
        else:
            result += ' mode={0!r}'.format(mode)
        return result + ' encoding={0!r}>'.format(self._encoding)

    # ---- state ----
    def _check_attached(self):
        if self._detached:
            raise ValueError('underlying buffer has been detached')

    def _check_open(self):
        if self.closed:
            raise ValueError('I/O operation on closed file.')

    def readable(self):
        return self.buffer.readable()

    def writable(self):
        return self.buffer.writable()

    def seekable(self):
        return self.buffer.seekable()

    def isatty(self):
        return False

    def fileno(self):
        return self.buffer.fileno()

    def detach(self):
        self._check_attached()
        self.flush()
        buffer = self._buffer
        self._detached = True
        return buffer

    def flush(self):
        self._check_attached()
        self._check_open()
        self._flush_pending()
        self._buffer.flush()

    def _flush_pending(self):
        if self._pending:
            data = b''.join(self._pending)
            self._pending = []
            self._pending_size = 0
            self._buffer.write(data)

    def close(self):
        self._check_attached()
        if not self.closed:
            try:
                self.flush()
            finally:
                self._buffer.close()

    def __enter__(self):
        self._check_open()
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- writing ----
    def write(self, s):
        self._check_attached()
        self._check_open()
        if not isinstance(s, str):
            raise TypeError('write() argument must be str, not %s' % type(s).__name__)
        length = len(s)
        haslf = '\n' in s
        if haslf and self._newline not in (None, '', '\n'):
            s = s.replace('\n', self._newline)
        needflush = self._line_buffering and (haslf or '\r' in s)
        data = s.encode(self._encoding, self._errors)
        self._text = None
        self._pending.append(data)
        self._pending_size += len(data)
        if self._pending_size > self._CHUNK_SIZE or needflush or self._write_through:
            self._flush_pending()
        if needflush:
            self._buffer.flush()
        return length

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    # ---- reading ----
    def _decoded(self):
        if self._text is None:
            self._flush_pending()
            data = self._buffer.read()
            text = bytes(data).decode(self._encoding, self._errors)
            if self._newline is None:
                text = text.replace('\r\n', '\n').replace('\r', '\n')
            self._text = text
            self._text_pos = 0
        return self._text

    def read(self, size=-1):
        self._check_attached()
        self._check_open()
        if size is None:
            size = -1
        if not isinstance(size, int):
            raise TypeError("argument should be integer or None, not '%s'" % type(size).__name__)
        text = self._decoded()
        start = self._text_pos
        end = len(text) if size < 0 else min(len(text), start + size)
        self._text_pos = end
        return text[start:end]

    def _line_end(self, text, start):
        if self._newline is None or self._newline == '\n':
            i = text.find('\n', start)
            return -1 if i < 0 else i + 1
        if self._newline == '':
            for i in range(start, len(text)):
                if text[i] == '\n':
                    return i + 1
                if text[i] == '\r':
                    return i + 2 if text[i + 1:i + 2] == '\n' else i + 1
            return -1
        i = text.find(self._newline, start)
        return -1 if i < 0 else i + len(self._newline)

    def readline(self, size=-1):
        self._check_attached()
        self._check_open()
        text = self._decoded()
        start = self._text_pos
        end = self._line_end(text, start)
        if end < 0:
            end = len(text)
        if size is not None and size >= 0:
            end = min(end, start + size)
        self._text_pos = end
        return text[start:end]

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

    def __iter__(self):
        self._check_open()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def tell(self):
        self._check_open()
        self._flush_pending()
        if self._text is None:
            return self._buffer.tell()
        rest = self._text[self._text_pos:]
        return self._buffer.tell() - len(rest.encode(self._encoding, self._errors))

    def seek(self, cookie, whence=0):
        self._check_open()
        self.flush()
        if whence == 1 and cookie != 0:
            raise UnsupportedOperation("can't do nonzero cur-relative seeks")
        if whence == 2 and cookie != 0:
            raise UnsupportedOperation("can't do nonzero end-relative seeks")
        if whence == 1:
            cookie, whence = self.tell(), 0
        self._text = None
        return self._buffer.seek(cookie, whence)

    def truncate(self, pos=None):
        self.flush()
        if pos is None:
            pos = self.tell()
        return self._buffer.truncate(pos)


TextIOWrapper.__module__ = '_io'
