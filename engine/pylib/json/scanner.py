"""The JSON value scanner: JSON text to Python values.

Follows the behaviour of CPython 3.11's C scanner (_json.c), which is what
json.loads runs there: the same accepted syntax, the same error messages and
the same error positions (which differ in places from CPython's pure-Python
fallback, e.g. "Invalid \\escape" points at the backslash).
"""

__all__ = ['make_scanner', 'scanstring']


def _decode_error(msg, doc, pos):
    """Build json.decoder.JSONDecodeError (imported on first use: decoder
    imports this module, so importing it at the top would be circular)."""
    from .decoder import JSONDecodeError as error_class
    return error_class(msg, doc, pos)

_WHITESPACE = ' \t\n\r'
_DIGITS = '0123456789'
_HEX_DIGITS = '0123456789abcdefABCDEF'
_SIMPLE_ESCAPES = {
    '"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f',
    'n': '\n', 'r': '\r', 't': '\t',
}
_LITERALS = (('null', None), ('true', True), ('false', False))


class _NoValue(Exception):
    """No JSON value starts at `position` (becomes "Expecting value")."""

    def __init__(self, position):
        Exception.__init__(self, position)
        self.position = position


def skip_whitespace(s, index):
    while index < len(s) and s[index] in _WHITESPACE:
        index += 1
    return index


# ---- strings ------------------------------------------------------------------

def _hex_value(s, start, error_position):
    """Value of the 4 hex digits at s[start:start+4]."""
    value = 0
    for char in s[start:start + 4]:
        if char not in _HEX_DIGITS:
            raise _decode_error('Invalid \\uXXXX escape', s, error_position)
        value = value * 16 + int(char, 16)
    return value


def _unicode_escape(s, u_index):
    """(character, index after the escape) for the \\u escape whose 'u' is at
    u_index; a high surrogate followed by a low one becomes one character."""
    end = u_index + 5
    if end >= len(s):
        raise _decode_error('Invalid \\uXXXX escape', s, u_index)
    code = _hex_value(s, u_index + 1, u_index)
    if (0xd800 <= code <= 0xdbff and end + 6 < len(s)
            and s[end] == '\\' and s[end + 1] == 'u'):
        low = _hex_value(s, end + 2, end + 1)
        if 0xdc00 <= low <= 0xdfff:
            code = 0x10000 + (((code - 0xd800) << 10) | (low - 0xdc00))
            end += 6
    return chr(code), end


def _find_string_stop(s, index, strict):
    """Index of the next '"' or '\\' at or after index (len(s) if none);
    with strict, a control character before it is an error."""
    while index < len(s):
        char = s[index]
        if char == '"' or char == '\\':
            return index
        if strict and char < ' ':
            raise _decode_error('Invalid control character at', s, index)
        index += 1
    return index


def scanstring(s, end, strict=True):
    """Decode the JSON string whose opening quote is at end - 1.
    Returns (text, index after the closing quote)."""
    begin = end - 1
    if end < 0 or end > len(s):
        raise ValueError('end is out of bounds')
    chunks = []
    while True:
        stop = _find_string_stop(s, end, strict)
        if stop >= len(s):
            raise _decode_error('Unterminated string starting at', s, begin)
        chunks.append(s[end:stop])
        if s[stop] == '"':
            return ''.join(chunks), stop + 1
        escape_index = stop + 1
        if escape_index == len(s):
            raise _decode_error('Unterminated string starting at', s, begin)
        escape = s[escape_index]
        if escape == 'u':
            char, end = _unicode_escape(s, escape_index)
        elif escape in _SIMPLE_ESCAPES:
            char, end = _SIMPLE_ESCAPES[escape], escape_index + 1
        else:
            raise _decode_error('Invalid \\escape', s, stop)
        chunks.append(char)


# ---- numbers ------------------------------------------------------------------

def _skip_digits(s, index):
    while index < len(s) and s[index] in _DIGITS:
        index += 1
    return index


def _number_end(s, start):
    """(end, is_float) of the JSON number at start.  A '.' or exponent not
    followed by digits is not part of the number (it becomes extra data)."""
    index = start
    if s[index] == '-':
        index += 1
        if index >= len(s):
            raise _NoValue(start)
    if '1' <= s[index] <= '9':
        index = _skip_digits(s, index + 1)
    elif s[index] == '0':
        index += 1
    else:
        raise _NoValue(start)
    is_float = False
    if (index + 1 < len(s) and s[index] == '.'
            and s[index + 1] in _DIGITS):
        is_float = True
        index = _skip_digits(s, index + 2)
    if index + 1 < len(s) and s[index] in 'eE':
        exponent_start = index
        index += 1
        if index + 1 < len(s) and s[index] in '-+':
            index += 1
        index = _skip_digits(s, index)
        if s[index - 1] in _DIGITS:
            is_float = True
        else:
            index = exponent_start
    return index, is_float


# ---- the scanner --------------------------------------------------------------

class _Scanner(object):
    """Holds a decoder's hooks while scanning one document."""

    def __init__(self, context):
        self.strict = context.strict
        self.object_hook = context.object_hook
        self.object_pairs_hook = context.object_pairs_hook
        self.parse_float = context.parse_float
        self.parse_int = context.parse_int
        self.parse_constant = context.parse_constant
        self.memo = context.memo

    def scan_value(self, s, index):
        if index >= len(s):
            raise _NoValue(index)
        char = s[index]
        if char == '"':
            return scanstring(s, index + 1, self.strict)
        if char == '{':
            return self.scan_object(s, index + 1)
        if char == '[':
            return self.scan_array(s, index + 1)
        for word, value in _LITERALS:
            if s.startswith(word, index):
                return value, index + len(word)
        for word in ('NaN', 'Infinity', '-Infinity'):
            if s.startswith(word, index):
                return self.parse_constant(word), index + len(word)
        end, is_float = _number_end(s, index)
        text = s[index:end]
        if is_float:
            return self.parse_float(text), end
        return self.parse_int(text), end

    def scan_object(self, s, index):
        pairs = []
        index = skip_whitespace(s, index)
        if index >= len(s) or s[index] != '}':
            while True:
                if index >= len(s) or s[index] != '"':
                    raise _decode_error(
                        'Expecting property name enclosed in double quotes',
                        s, index)
                key, index = scanstring(s, index + 1, self.strict)
                key = self.memo.setdefault(key, key)
                index = skip_whitespace(s, index)
                if index >= len(s) or s[index] != ':':
                    raise _decode_error("Expecting ':' delimiter", s, index)
                index = skip_whitespace(s, index + 1)
                value, index = self.scan_value(s, index)
                pairs.append((key, value))
                index = skip_whitespace(s, index)
                if index < len(s) and s[index] == '}':
                    break
                if index >= len(s) or s[index] != ',':
                    raise _decode_error("Expecting ',' delimiter", s, index)
                index = skip_whitespace(s, index + 1)
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs), index + 1
        result = dict(pairs)
        if self.object_hook is not None:
            result = self.object_hook(result)
        return result, index + 1

    def scan_array(self, s, index):
        values = []
        index = skip_whitespace(s, index)
        if index >= len(s) or s[index] != ']':
            while True:
                value, index = self.scan_value(s, index)
                values.append(value)
                index = skip_whitespace(s, index)
                if index < len(s) and s[index] == ']':
                    break
                if index >= len(s) or s[index] != ',':
                    raise _decode_error("Expecting ',' delimiter", s, index)
                index = skip_whitespace(s, index + 1)
        return values, index + 1


def make_scanner(context):
    """scan_once(string, index) -> (value, end) for a JSONDecoder; raises
    StopIteration(index) when no JSON value starts where one is expected."""
    def scan_once(string, index):
        scanner = _Scanner(context)
        try:
            return scanner.scan_value(string, index)
        except _NoValue as missing:
            raise StopIteration(missing.position) from None
        finally:
            context.memo.clear()
    return scan_once
