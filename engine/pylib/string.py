"""A collection of string constants, capwords, and Template.

Template is CPython's $-substitution, with its placeholder grammar scanned
by hand instead of by a regular expression:
    $$          an escaped delimiter
    $name       name: an ASCII identifier ([_a-zA-Z][_a-zA-Z0-9]*)
    ${name}     the same, braced
    $ + other   an invalid placeholder (ValueError in substitute)
A subclass may change `delimiter`; a custom `idpattern` or `pattern` regular
expression is not supported (backstep has no `re`).
"""

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords',
           'digits', 'hexdigits', 'octdigits', 'printable', 'punctuation',
           'whitespace', 'Template']

whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Split s on sep, capitalize each word, and join with sep (a single
    space when sep is None, which also collapses runs of whitespace)."""
    return (sep or ' ').join([word.capitalize() for word in s.split(sep)])


_IDENTIFIER_START = frozenset('_' + ascii_letters)
_IDENTIFIER_REST = frozenset('_' + ascii_letters + digits)

# Kinds of placeholder found by _scan.
_ESCAPED, _NAMED, _INVALID = 'escaped', 'named', 'invalid'


def _identifier_end(text, start):
    """End of the identifier starting at text[start], or start if none."""
    if start >= len(text) or text[start] not in _IDENTIFIER_START:
        return start
    end = start + 1
    while end < len(text) and text[end] in _IDENTIFIER_REST:
        end += 1
    return end


def _scan(text, delimiter):
    """Yield (kind, start, end, name) for each placeholder; start/end span
    the whole placeholder, delimiter included."""
    width = len(delimiter)
    position = text.find(delimiter)
    while position >= 0:
        after = position + width
        if text.startswith(delimiter, after):
            yield _ESCAPED, position, after + width, None
            position = text.find(delimiter, after + width)
            continue
        end = _identifier_end(text, after)
        if end > after:
            yield _NAMED, position, end, text[after:end]
            position = text.find(delimiter, end)
            continue
        if after < len(text) and text[after] == '{':
            end = _identifier_end(text, after + 1)
            if end > after + 1 and end < len(text) and text[end] == '}':
                yield _NAMED, position, end + 1, text[after + 1:end]
                position = text.find(delimiter, end + 1)
                continue
        yield _INVALID, position, after, None
        position = text.find(delimiter, after)


class _ChainedLookup(object):
    """Keyword arguments first, then the mapping (substitute's rule)."""

    def __init__(self, first, second):
        self.first = first
        self.second = second

    def __getitem__(self, key):
        if key in self.first:
            return self.first[key]
        return self.second[key]


_NO_MAPPING = {}


class Template(object):
    """A string class for supporting $-substitutions."""

    delimiter = '$'

    def __init__(self, template):
        self.template = template

    def _invalid(self, index):
        lines = self.template[:index].splitlines(True)
        if not lines:
            column, line = 1, 1
        else:
            column = index - len(''.join(lines[:-1]))
            line = len(lines)
        raise ValueError('Invalid placeholder in string: line %d, col %d'
                         % (line, column))

    def _lookup(self, mapping, kws):
        if mapping is _NO_MAPPING:
            return kws
        if kws:
            return _ChainedLookup(kws, mapping)
        return mapping

    def substitute(self, mapping=_NO_MAPPING, **kws):
        """Replace every placeholder; a missing name raises KeyError, an
        invalid placeholder ValueError."""
        mapping = self._lookup(mapping, kws)
        return self._substitute(mapping, False)

    def safe_substitute(self, mapping=_NO_MAPPING, **kws):
        """Like substitute, but missing names and invalid placeholders are
        left in the result as they were."""
        mapping = self._lookup(mapping, kws)
        return self._substitute(mapping, True)

    def _substitute(self, mapping, safe):
        text = self.template
        pieces = []
        copied_up_to = 0
        for kind, start, end, name in _scan(text, self.delimiter):
            pieces.append(text[copied_up_to:start])
            copied_up_to = end
            if kind == _ESCAPED:
                pieces.append(self.delimiter)
            elif kind == _NAMED:
                if safe:
                    try:
                        pieces.append(str(mapping[name]))
                    except KeyError:
                        pieces.append(text[start:end])
                else:
                    pieces.append(str(mapping[name]))
            elif safe:
                pieces.append(text[start:end])
            else:
                self._invalid(end)
        pieces.append(text[copied_up_to:])
        return ''.join(pieces)

    def is_valid(self):
        """False if the template has an invalid placeholder."""
        for kind, start, end, name in _scan(self.template, self.delimiter):
            if kind == _INVALID:
                return False
        return True

    def get_identifiers(self):
        """The placeholder names, each once, in order of appearance."""
        names = []
        for kind, start, end, name in _scan(self.template, self.delimiter):
            if kind == _NAMED and name not in names:
                names.append(name)
        return names
