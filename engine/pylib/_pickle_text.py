"""The text opcodes of pickle protocol 0 (INT, LONG, FLOAT, STRING, UNICODE)
and Python 2 str decoding, for _pickle_load's Unpickler."""

from _pickle_ops import UnpicklingError


def _text(line):
    return line.decode('ascii') if isinstance(line, bytes) else line


def _op_int(u, st):
    s = _text(u._readline())
    if s == '00':
        st.append(False)
    elif s == '01':
        st.append(True)
    else:
        try:
            st.append(int(s.rstrip('L'), 0) if s[:2] in ('0x', '0X') else int(s.rstrip('L')))
        except ValueError:
            raise ValueError("could not convert string to int") from None


def _op_long(u, st):
    s = _text(u._readline())
    st.append(int(s[:-1] if s.endswith('L') else s))


def _op_float(u, st):
    st.append(float(_text(u._readline())))


def _decode_py2(u, data):
    if u.encoding == 'bytes':
        return data
    return data.decode(u.encoding, u.errors)


def _op_string(u, st):
    s = u._readline()
    if len(s) >= 2 and s[0] == s[-1] and s[:1] in (b'"', b"'"):
        s = s[1:-1]
    else:
        raise UnpicklingError("the STRING opcode argument must be quoted")
    st.append(_decode_py2(u, _unescape_bytes(s)))


def _unescape_bytes(s):
    out = bytearray()
    i = 0
    simple = {ord('n'): 10, ord('t'): 9, ord('r'): 13, ord('\\'): 92, ord("'"): 39, ord('"'): 34, ord('0'): 0}
    while i < len(s):
        c = s[i]
        if c == 92 and i + 1 < len(s):
            d = s[i + 1]
            if d == ord('x') and i + 3 < len(s):
                out.append(int(s[i + 2:i + 4].decode('ascii'), 16))
                i += 4
                continue
            if d in simple:
                out.append(simple[d])
                i += 2
                continue
        out.append(c)
        i += 1
    return bytes(out)


def _op_unicode(u, st):
    line = u._readline()
    text = []
    i = 0
    n = len(line)
    while i < n:
        c = line[i]
        if c == 92 and i + 1 < n and line[i + 1] in (ord('u'), ord('U')):
            width = 4 if line[i + 1] == ord('u') else 8
            text.append(chr(int(line[i + 2:i + 2 + width].decode('ascii'), 16)))
            i += 2 + width
        else:
            text.append(chr(c))
            i += 1
    st.append(''.join(text))
