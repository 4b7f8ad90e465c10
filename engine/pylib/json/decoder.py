"""JSONDecoder and JSONDecodeError: JSON text to Python values."""

from .scanner import make_scanner, scanstring, skip_whitespace

__all__ = ['JSONDecoder', 'JSONDecodeError']

NaN = float('nan')
PosInf = float('inf')
NegInf = float('-inf')

_CONSTANTS = {'-Infinity': NegInf, 'Infinity': PosInf, 'NaN': NaN}


class JSONDecodeError(ValueError):
    """ValueError for malformed JSON, knowing where the problem is:
    msg (unformatted message), doc, pos (index into doc), lineno, colno."""

    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        ValueError.__init__(self, '%s: line %d column %d (char %d)'
                            % (msg, lineno, colno, pos))
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)


class JSONDecoder(object):
    """Decoder for JSON text.  Hooks: object_hook (called with each decoded
    dict), object_pairs_hook (called with each object's (key, value) list,
    taking priority), parse_float / parse_int / parse_constant (called with
    the text of each number or NaN/Infinity), strict (False allows control
    characters inside strings)."""

    def __init__(self, *, object_hook=None, parse_float=None,
                 parse_int=None, parse_constant=None, strict=True,
                 object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONSTANTS.__getitem__
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook
        self.parse_string = scanstring
        self.memo = {}
        self.scan_once = make_scanner(self)

    def decode(self, s):
        """The Python value of the JSON document s (whitespace around it
        is allowed, anything else after it is "Extra data")."""
        obj, end = self.raw_decode(s, idx=skip_whitespace(s, 0))
        end = skip_whitespace(s, end)
        if end != len(s):
            raise JSONDecodeError('Extra data', s, end)
        return obj

    def raw_decode(self, s, idx=0):
        """(value, end index) of the JSON document starting at s[idx]."""
        try:
            return self.scan_once(s, idx)
        except StopIteration as missing:
            raise JSONDecodeError('Expecting value', s,
                                  missing.value) from None
