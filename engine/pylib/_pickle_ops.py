"""The opcodes of the pickle protocols (0-5), the exceptions of pickle, and
the byte-level helpers pickle's Pickler and Unpickler share."""

import struct

MARK = b'('
STOP = b'.'
POP = b'0'
POP_MARK = b'1'
DUP = b'2'
FLOAT = b'F'
INT = b'I'
BININT = b'J'
BININT1 = b'K'
LONG = b'L'
BININT2 = b'M'
NONE = b'N'
PERSID = b'P'
BINPERSID = b'Q'
REDUCE = b'R'
STRING = b'S'
BINSTRING = b'T'
SHORT_BINSTRING = b'U'
UNICODE = b'V'
BINUNICODE = b'X'
APPEND = b'a'
BUILD = b'b'
GLOBAL = b'c'
DICT = b'd'
EMPTY_DICT = b'}'
APPENDS = b'e'
GET = b'g'
BINGET = b'h'
INST = b'i'
LONG_BINGET = b'j'
LIST = b'l'
EMPTY_LIST = b']'
OBJ = b'o'
PUT = b'p'
BINPUT = b'q'
LONG_BINPUT = b'r'
SETITEM = b's'
TUPLE = b't'
EMPTY_TUPLE = b')'
SETITEMS = b'u'
BINFLOAT = b'G'
PROTO = b'\x80'
NEWOBJ = b'\x81'
EXT1 = b'\x82'
EXT2 = b'\x83'
EXT4 = b'\x84'
TUPLE1 = b'\x85'
TUPLE2 = b'\x86'
TUPLE3 = b'\x87'
NEWTRUE = b'\x88'
NEWFALSE = b'\x89'
LONG1 = b'\x8a'
LONG4 = b'\x8b'
BINBYTES = b'B'
SHORT_BINBYTES = b'C'
SHORT_BINUNICODE = b'\x8c'
BINUNICODE8 = b'\x8d'
BINBYTES8 = b'\x8e'
EMPTY_SET = b'\x8f'
ADDITEMS = b'\x90'
FROZENSET = b'\x91'
NEWOBJ_EX = b'\x92'
STACK_GLOBAL = b'\x93'
MEMOIZE = b'\x94'
FRAME = b'\x95'
BYTEARRAY8 = b'\x96'
NEXT_BUFFER = b'\x97'
READONLY_BUFFER = b'\x98'

_TUPLE_N = {1: TUPLE1, 2: TUPLE2, 3: TUPLE3}

_FRAME_TARGET = 64 * 1024
_FRAME_MIN = 4


class PickleError(Exception):
    pass


class PicklingError(PickleError):
    pass


class UnpicklingError(PickleError):
    pass


for _c in (PickleError, PicklingError, UnpicklingError):
    _c.__module__ = '_pickle'
del _c


def _int_bytes(x):
    """LONG1/LONG4's operand: the shortest little-endian two's complement."""
    if x == 0:
        return b''
    n = (x.bit_length() >> 3) + 1
    data = x.to_bytes(n, 'little', signed=True)
    if x < 0 and n > 1 and data[-1] == 0xff and data[-2] & 0x80:
        data = data[:-1]
    return data


def _float_be(x):
    return struct.pack('>d', x)


def _raw_unicode_escape(s):
    """UNICODE's operand: raw-unicode-escape, with the characters that would
    end the line or confuse the escapes written as \\uXXXX."""
    out = bytearray()
    for ch in s:
        c = ord(ch)
        if ch in '\\\0\n\r\x1a' or 256 <= c < 0x10000:
            out += ('\\u%04x' % c).encode('ascii')
        elif c < 256:
            out.append(c)
        else:
            out += ('\\U%08x' % c).encode('ascii')
    return bytes(out)


class _Framer:
    """Output of a pickle; with framing (protocol 4+), the opcodes between
    boundaries go in FRAME chunks of about 64 KiB, a frame under 4 bytes
    without its header, and a large bytes/str payload outside any frame."""

    def __init__(self, framing):
        self.framing = framing
        self.done = []
        self.cur = []
        self.cur_len = 0
        self.started = False

    def write(self, *pieces):
        for p in pieces:
            self.cur.append(p)
            self.cur_len += len(p)

    def start(self):
        self.commit(True)
        self.started = self.framing

    def boundary(self):
        if self.started and self.cur_len >= _FRAME_TARGET:
            self.commit(True)

    def write_large(self, header, payload):
        if self.started and len(payload) >= _FRAME_TARGET:
            self.commit(True)
            self.done.append(header)
            self.done.append(payload)
        else:
            self.write(header, payload)

    def commit(self, force):
        if not self.cur:
            return
        if self.started and self.cur_len >= _FRAME_MIN:
            self.done.append(FRAME + self.cur_len.to_bytes(8, 'little'))
        self.done.extend(self.cur)
        self.cur = []
        self.cur_len = 0

    def finish(self):
        self.commit(True)
        return b''.join(self.done)


class _BytesReader:
    def __init__(self, data):
        self.data = bytes(data)
        self.pos = 0

    def read(self, n):
        start = self.pos
        self.pos = min(len(self.data), start + n)
        return self.data[start:self.pos]

    def readline(self):
        end = self.data.find(b'\n', self.pos)
        end = len(self.data) if end < 0 else end + 1
        start = self.pos
        self.pos = end
        return self.data[start:end]
