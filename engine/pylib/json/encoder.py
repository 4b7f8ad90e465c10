"""JSONEncoder: Python objects to JSON text, with CPython 3.11's output.

CPython encodes with two engines that differ in one visible detail: the
one-shot C encoder (used by dumps()/encode() when indent is None) reports an
out-of-range float as "Out of range float values are not JSON compliant",
while the Python engine (indent set, dump() to a file, iterencode()) appends
": <repr>".  One generator does the encoding here; the float formatter it is
given reproduces whichever message the matching CPython engine would give.
"""

__all__ = ['JSONEncoder', 'encode_basestring', 'encode_basestring_ascii']

INFINITY = float('inf')

# The two-character escapes JSON has names for; other control characters
# are written as \u00XX.
_NAMED_ESCAPES = {
    '\\': '\\\\', '"': '\\"', '\b': '\\b', '\f': '\\f',
    '\n': '\\n', '\r': '\\r', '\t': '\\t',
}


def _escape_control(char):
    named = _NAMED_ESCAPES.get(char)
    if named is not None:
        return named
    return '\\u%04x' % ord(char)


def encode_basestring(s):
    """JSON string literal for s, keeping non-ASCII characters as they are:
    only quotes, backslashes and control characters (< 0x20) are escaped."""
    pieces = []
    start = 0
    for index, char in enumerate(s):
        if char < ' ' or char == '"' or char == '\\':
            pieces.append(s[start:index])
            pieces.append(_escape_control(char))
            start = index + 1
    if start == 0:
        return '"' + s + '"'
    pieces.append(s[start:])
    return '"' + ''.join(pieces) + '"'


def _escape_non_ascii(char):
    code = ord(char)
    if code < 0x10000:
        return '\\u%04x' % code
    # outside the Basic Multilingual Plane: a UTF-16 surrogate pair
    code -= 0x10000
    high = 0xd800 | ((code >> 10) & 0x3ff)
    low = 0xdc00 | (code & 0x3ff)
    return '\\u%04x\\u%04x' % (high, low)


def encode_basestring_ascii(s):
    """JSON string literal for s using only printable ASCII: everything
    outside ' '..'~' is escaped (DEL too), as CPython's ensure_ascii does."""
    pieces = []
    start = 0
    for index, char in enumerate(s):
        if ' ' <= char <= '~' and char != '"' and char != '\\':
            continue
        pieces.append(s[start:index])
        if char in _NAMED_ESCAPES:
            pieces.append(_NAMED_ESCAPES[char])
        else:
            pieces.append(_escape_non_ascii(char))
        start = index + 1
    if start == 0:
        return '"' + s + '"'
    pieces.append(s[start:])
    return '"' + ''.join(pieces) + '"'


def _special_float_text(value):
    """'NaN' / 'Infinity' / '-Infinity', or None for a finite float."""
    if value != value:
        return 'NaN'
    if value == INFINITY:
        return 'Infinity'
    if value == -INFINITY:
        return '-Infinity'
    return None


def _make_float_formatter(allow_nan, one_shot):
    def format_float(value):
        special = _special_float_text(value)
        if special is None:
            # float(value): a float subclass's own __repr__ is ignored
            return repr(float(value))
        if not allow_nan:
            message = 'Out of range float values are not JSON compliant'
            if not one_shot:
                message = message + ': ' + repr(value)
            raise ValueError(message)
        return special
    return format_float


class JSONEncoder(object):
    """Encoder for dict, list, tuple, str, int, float, bool and None;
    subclasses (or default=) turn other objects into one of those."""

    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True,
                 check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            # with newlines after each item, a trailing space is noise
            self.item_separator = ','
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError('Object of type %s is not JSON serializable'
                        % o.__class__.__name__)

    def encode(self, o):
        if isinstance(o, str):
            return self._string_encoder()(o)
        return ''.join(self.iterencode(o, _one_shot=True))

    def iterencode(self, o, _one_shot=False):
        """Yield the JSON text of o in pieces."""
        one_shot = _one_shot and self.indent is None
        state = _EncodingState(self, one_shot)
        return state.encode_value(o, 0)

    def _string_encoder(self):
        if self.ensure_ascii:
            return encode_basestring_ascii
        return encode_basestring


class _EncodingState(object):
    """What one encode/iterencode call needs while walking the object."""

    def __init__(self, encoder, one_shot):
        self.encoder = encoder
        self.markers = {} if encoder.check_circular else None
        self.encode_string = encoder._string_encoder()
        self.format_float = _make_float_formatter(encoder.allow_nan, one_shot)
        indent = encoder.indent
        if indent is not None and not isinstance(indent, str):
            indent = ' ' * indent
        self.indent = indent

    def mark(self, container):
        """Remember a container being encoded; meeting it again inside
        itself is a cycle."""
        if self.markers is None:
            return
        marker = id(container)
        if marker in self.markers:
            raise ValueError('Circular reference detected')
        self.markers[marker] = container

    def unmark(self, container):
        if self.markers is not None:
            del self.markers[id(container)]

    def scalar_text(self, value):
        """Text of a str/None/bool/int/float, or None for anything else."""
        if isinstance(value, str):
            return self.encode_string(value)
        if value is None:
            return 'null'
        if value is True:
            return 'true'
        if value is False:
            return 'false'
        if isinstance(value, int):
            return repr(int(value))     # IntEnum & co. print as numbers
        if isinstance(value, float):
            return self.format_float(value)
        return None

    def encode_value(self, value, level):
        text = self.scalar_text(value)
        if text is not None:
            yield text
        elif isinstance(value, (list, tuple)):
            yield from self.encode_list(value, level)
        elif isinstance(value, dict):
            yield from self.encode_dict(value, level)
        else:
            self.mark(value)
            replacement = self.encoder.default(value)
            yield from self.encode_value(replacement, level)
            self.unmark(value)

    def open_block(self, level):
        """(text after the bracket, separator between items) at a level."""
        if self.indent is None:
            return '', self.encoder.item_separator
        newline_indent = '\n' + self.indent * level
        return newline_indent, self.encoder.item_separator + newline_indent

    def close_block(self, level):
        """Chunks closing a container (the bracket comes separately)."""
        if self.indent is None:
            return []
        return ['\n' + self.indent * level]

    def encode_list(self, items, level):
        if not items:
            yield '[]'
            return
        self.mark(items)
        opening, separator = self.open_block(level + 1)
        prefix = '[' + opening
        for item in items:
            text = self.scalar_text(item)
            if text is not None:
                yield prefix + text
            else:
                yield prefix
                yield from self.encode_value(item, level + 1)
            prefix = separator
        yield from self.close_block(level)
        yield ']'
        self.unmark(items)

    def key_text(self, key):
        """JSON text of a dict key, or None when skipkeys drops it."""
        if isinstance(key, str):
            return self.encode_string(key)
        if isinstance(key, float):
            return self.encode_string(self.format_float(key))
        if key is True or key is False or key is None:
            return '"' + self.scalar_text(key) + '"'
        if isinstance(key, int):
            return '"' + repr(int(key)) + '"'
        if self.encoder.skipkeys:
            return None
        raise TypeError('keys must be str, int, float, bool or None, not %s'
                        % key.__class__.__name__)

    def encode_dict(self, mapping, level):
        if not mapping:
            yield '{}'
            return
        self.mark(mapping)
        yield '{'
        opening, separator = self.open_block(level + 1)
        if opening:
            yield opening
        items = mapping.items()
        if self.encoder.sort_keys:
            items = sorted(items)
        first = True
        for key, value in items:
            key = self.key_text(key)
            if key is None:
                continue
            if not first:
                yield separator
            first = False
            yield key
            yield self.encoder.key_separator
            yield from self.encode_value(value, level + 1)
        yield from self.close_block(level)
        yield '}'
        self.unmark(mapping)
