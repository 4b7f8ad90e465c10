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
           'whitespace', 'Template', 'Formatter']

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


def _split_field_name(name):
    """(first, [(is_attr, key)]) of 'a.b[0]': first an int when all digits."""
    i = 0
    while i < len(name) and name[i] not in '.[':
        i += 1
    first = name[:i]
    if first.isdigit():
        first = int(first)
    rest = []
    while i < len(name):
        if name[i] == '.':
            j = i + 1
            while j < len(name) and name[j] not in '.[':
                j += 1
            if j == i + 1:
                raise ValueError("Empty attribute in format string")
            rest.append((True, name[i + 1:j]))
            i = j
        elif name[i] == '[':
            j = name.find(']', i)
            if j < 0:
                raise ValueError("Missing ']' in format string")
            key = name[i + 1:j]
            if key == '':
                raise ValueError("Empty attribute in format string")
            rest.append((False, int(key) if key.isdigit() else key))
            i = j + 1
            if i < len(name) and name[i] not in '.[':
                raise ValueError("Only '.' or '[' may follow ']' in format field specifier")
        else:
            raise ValueError("Only '.' or '[' may follow ']' in format field specifier")
    return first, rest


def _parse_format(s):
    """What string.Formatter().parse yields: (literal, field name, spec,
    conversion) tuples, the field parts None after the last field."""
    literal = []
    i, n = 0, len(s)
    while i < n:
        ch = s[i]
        if ch == '{':
            if i + 1 < n and s[i + 1] == '{':
                # An escaped brace ends a literal piece, as CPython's parser yields it.
                literal.append('{')
                yield ''.join(literal), None, None, None
                literal = []
                i += 2
                continue
            if i + 1 == n:
                raise ValueError("Single '{' encountered in format string")
            depth = 1
            j = i + 1
            while j < n and depth:
                if s[j] == '{':
                    depth += 1
                elif s[j] == '}':
                    depth -= 1
                j += 1
            if depth:
                raise ValueError("expected '}' before end of string")
            field = s[i + 1:j - 1]
            name_end = 0
            bracket = False
            while name_end < len(field):
                c = field[name_end]
                if c == '[':
                    bracket = True
                elif c == ']':
                    bracket = False
                elif not bracket and c in '!:':
                    break
                name_end += 1
            name = field[:name_end]
            conversion = None
            spec = ''
            rest = field[name_end:]
            if rest.startswith('!'):
                if len(rest) < 2:
                    raise ValueError("unmatched '{' in format spec")
                conversion = rest[1]
                rest = rest[2:]
                if rest and not rest.startswith(':'):
                    raise ValueError("expected ':' after conversion specifier")
            if rest.startswith(':'):
                spec = rest[1:]
            yield ''.join(literal), name, spec, conversion
            literal = []
            i = j
        elif ch == '}':
            if i + 1 < n and s[i + 1] == '}':
                literal.append('}')
                yield ''.join(literal), None, None, None
                literal = []
                i += 2
                continue
            raise ValueError("Single '}' encountered in format string")
        else:
            literal.append(ch)
            i += 1
    if literal:
        yield ''.join(literal), None, None, None


class Formatter:
    """str.format's machinery with its steps overridable: parse,
    get_field/get_value, convert_field, format_field, check_unused_args."""

    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used_args = set()
        result, _ = self._vformat(format_string, args, kwargs, used_args, 2)
        self.check_unused_args(used_args, args, kwargs)
        return result

    def _vformat(self, format_string, args, kwargs, used_args, recursion_depth, auto_arg_index=0):
        if recursion_depth < 0:
            raise ValueError('Max string recursion exceeded')
        result = []
        for literal_text, field_name, format_spec, conversion in self.parse(format_string):
            if literal_text:
                result.append(literal_text)
            if field_name is not None:
                if field_name == '':
                    if auto_arg_index is False:
                        raise ValueError('cannot switch from manual field specification to automatic field '
                                         'numbering')
                    field_name = str(auto_arg_index)
                    auto_arg_index += 1
                elif field_name.isdigit():
                    if auto_arg_index:
                        raise ValueError('cannot switch from manual field specification to automatic field '
                                         'numbering')
                    auto_arg_index = False
                obj, arg_used = self.get_field(field_name, args, kwargs)
                used_args.add(arg_used)
                obj = self.convert_field(obj, conversion)
                format_spec, auto_arg_index = self._vformat(format_spec, args, kwargs, used_args,
                                                            recursion_depth - 1, auto_arg_index=auto_arg_index)
                result.append(self.format_field(obj, format_spec))
        return ''.join(result), auto_arg_index

    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key]
        return kwargs[key]

    def check_unused_args(self, used_args, args, kwargs):
        pass

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        elif conversion == 's':
            return str(value)
        elif conversion == 'r':
            return repr(value)
        elif conversion == 'a':
            return ascii(value)
        raise ValueError("Unknown conversion specifier {0!s}".format(conversion))

    def parse(self, format_string):
        return _parse_format(format_string)

    def get_field(self, field_name, args, kwargs):
        first, rest = _split_field_name(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, i in rest:
            obj = getattr(obj, i) if is_attr else obj[i]
        return obj, first
