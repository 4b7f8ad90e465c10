"""Regular expressions: CPython 3.11's `re` for str patterns.

The matching engine is native (engine/regex, bound as `_backstep_re`): it
compiles a pattern into an opaque handle, runs it, and hands back match
handles and scanners. This module is everything Python-visible around it:
the flags, re.error, the Pattern and Match classes, argument checks and
messages, the compile cache, and sub() with a function (which calls back
into the program for each match). bytes patterns are not supported
(backstep has no bytes).
"""

import _backstep_re as _native
from types import GenericAlias as _GenericAlias

__all__ = [
    "match", "fullmatch", "search", "sub", "subn", "split",
    "findall", "finditer", "compile", "purge", "template", "escape",
    "error", "Pattern", "Match", "A", "I", "L", "M", "S", "X", "U",
    "ASCII", "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE",
    "UNICODE", "NOFLAG", "RegexFlag",
]

__version__ = "2.2.1"

_MAXSIZE = 9223372036854775807     # sys.maxsize: "to the end"

# --- flags -------------------------------------------------------------------

# The members in the order Python defines them; their repr lists set bits in
# this order.
_FLAG_ORDER = (("ASCII", 256), ("IGNORECASE", 2), ("LOCALE", 4),
               ("UNICODE", 32), ("MULTILINE", 8), ("DOTALL", 16),
               ("VERBOSE", 64), ("TEMPLATE", 1), ("DEBUG", 128))


def _flag_names(value, order):
    """'re.A|re.B|0x..' for the bits of value, in the given order."""
    names = []
    for name, bit in order:
        if value & bit:
            names.append("re." + name)
            value &= ~bit
    if value:
        names.append("0x%x" % value)
    return "|".join(names)


class RegexFlag(int):
    """The flags as ints that print as their names (Python's is an
    enum.IntFlag; the operators here keep the type the same way)."""

    def __new__(cls, value=0):
        return int.__new__(cls, value)

    def __repr__(self):
        value = int(self)
        if value < 0:
            return "~" + _flag_names(~value, _FLAG_ORDER)
        return _flag_names(value, _FLAG_ORDER) or "re.NOFLAG"

    __str__ = __repr__

    def __format__(self, spec):
        return str(self) if spec == "" else format(int(self), spec)

    @property
    def value(self):
        return int(self)

    @property
    def name(self):
        text = repr(self)
        return None if "0x" in text else text.replace("re.", "")

    def __or__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) | int(other))

    def __and__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) & int(other))

    def __xor__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) ^ int(other))

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __invert__(self):
        return RegexFlag(_ALL_FLAGS & ~int(self))


_ALL_FLAGS = 511


NOFLAG = RegexFlag(0)
ASCII = A = RegexFlag(256)
IGNORECASE = I = RegexFlag(2)
LOCALE = L = RegexFlag(4)
UNICODE = U = RegexFlag(32)
MULTILINE = M = RegexFlag(8)
DOTALL = S = RegexFlag(16)
VERBOSE = X = RegexFlag(64)
TEMPLATE = T = RegexFlag(1)
DEBUG = RegexFlag(128)
for _flag in (NOFLAG, ASCII, IGNORECASE, LOCALE, UNICODE, MULTILINE, DOTALL,
              VERBOSE, TEMPLATE, DEBUG):
    setattr(RegexFlag, _flag.name, _flag)
del _flag

# Pattern's repr names its flags in _sre's order, not the enum's.
_PATTERN_FLAG_ORDER = (("TEMPLATE", 1), ("IGNORECASE", 2), ("LOCALE", 4),
                       ("MULTILINE", 8), ("DOTALL", 16), ("UNICODE", 32),
                       ("VERBOSE", 64), ("DEBUG", 128), ("ASCII", 256))

# --- errors ------------------------------------------------------------------


class error(Exception):
    """A pattern or template that cannot be compiled. msg is the bare
    message; pattern and pos say where (pos counts characters), with the
    1-based lineno and colno derived from them."""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        self.lineno = self.colno = None
        if pattern is not None and pos is not None:
            msg = "%s at position %d" % (msg, pos)
            self.lineno = pattern.count("\n", 0, pos) + 1
            self.colno = pos - pattern.rfind("\n", 0, pos)
            if "\n" in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
        Exception.__init__(self, msg)



# --- helpers -----------------------------------------------------------------


def _index(value, what="an integer"):
    if isinstance(value, int):
        return int(value)
    if hasattr(type(value), "__index__"):
        return type(value).__index__(value)
    raise TypeError("'%s' object cannot be interpreted as %s"
                    % (type(value).__name__, what))


def _bounds(pos, endpos):
    return _index(pos), _index(endpos)


# --- Match -------------------------------------------------------------------


class Match:
    """The result of a successful match (re.Match). Only the handle is kept;
    spans and texts are asked of it when wanted."""

    __class_getitem__ = classmethod(_GenericAlias)

    def __init__(self, handle, pattern, string):
        self._handle = handle
        self._re = pattern
        self._string = string

    @property
    def re(self):
        return self._re

    @property
    def string(self):
        return self._string

    @property
    def pos(self):
        return _native.match_info(self._handle)[0]

    @property
    def endpos(self):
        return _native.match_info(self._handle)[1]

    @property
    def lastindex(self):
        return _native.match_info(self._handle)[2]

    @property
    def lastgroup(self):
        lastindex = _native.match_info(self._handle)[2]
        if lastindex is None:
            return None
        for name, index in self._re._groupindex.items():
            if index == lastindex:
                return name
        return None

    @property
    def regs(self):
        return _native.match_info(self._handle)[3]

    def _group_number(self, group):
        if type(group) is int:
            return group    # the native side checks the range
        if isinstance(group, int):
            return int(group)
        if isinstance(group, str):
            index = self._re._groupindex.get(group)
            if index is not None:
                return index
        elif hasattr(type(group), "__index__"):
            return _index(group)
        raise IndexError("no such group")

    def _text(self, group):
        return _native.match_group(self._handle, self._group_number(group))

    def group(self, *groups):
        if not groups:
            return _native.match_group(self._handle, 0)
        if len(groups) == 1:
            return self._text(groups[0])
        return tuple([self._text(g) for g in groups])

    def __getitem__(self, group):
        return self._text(group)

    def groups(self, default=None):
        result = []
        for index in range(1, self._re._groups + 1):
            text = _native.match_group(self._handle, index)
            result.append(default if text is None else text)
        return tuple(result)

    def groupdict(self, default=None):
        result = {}
        for name, index in self._re._groupindex.items():
            text = _native.match_group(self._handle, index)
            result[name] = default if text is None else text
        return result

    def start(self, group=0):
        return _native.match_span(self._handle, self._group_number(group))[0]

    def end(self, group=0):
        return _native.match_span(self._handle, self._group_number(group))[1]

    def span(self, group=0):
        return _native.match_span(self._handle, self._group_number(group))

    def expand(self, template):
        return _native.match_expand(self._handle, _check_template(template))

    def __repr__(self):
        start, end = _native.match_span(self._handle, 0)
        return "<re.Match object; span=(%d, %d), match=%s>" % (
            start, end, repr(_native.match_group(self._handle, 0))[:50])

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _check_template(template):
    if not isinstance(template, str):
        raise TypeError("decoding to str: need a bytes-like object, %s found"
                        % type(template).__name__)
    return template


# --- Pattern -----------------------------------------------------------------


class Pattern:
    """A compiled regular expression (re.Pattern)."""

    __class_getitem__ = classmethod(_GenericAlias)

    def __init__(self, handle, source):
        groups, flags, names, warnings_found = _native.info(handle)
        self._handle = handle
        self._pattern = source
        self._flags = flags
        self._groups = groups
        self._groupindex = dict(names)
        self._warnings = warnings_found

    @property
    def pattern(self):
        return self._pattern

    @property
    def flags(self):
        return self._flags

    @property
    def groups(self):
        return self._groups

    @property
    def groupindex(self):
        return _MappingProxy(self._groupindex)

    def _run(self, string, pos, endpos, mode):
        if type(pos) is not int or type(endpos) is not int:
            pos, endpos = _bounds(pos, endpos)
        handle = _native.run(self._handle, string, pos, endpos, mode)
        return None if handle is None else Match(handle, self, string)

    def match(self, string, pos=0, endpos=_MAXSIZE):
        return self._run(string, pos, endpos, 0)

    def fullmatch(self, string, pos=0, endpos=_MAXSIZE):
        return self._run(string, pos, endpos, 1)

    def search(self, string, pos=0, endpos=_MAXSIZE):
        return self._run(string, pos, endpos, 2)

    def findall(self, string, pos=0, endpos=_MAXSIZE):
        if type(pos) is not int or type(endpos) is not int:
            pos, endpos = _bounds(pos, endpos)
        return _native.findall(self._handle, string, pos, endpos)

    def finditer(self, string, pos=0, endpos=_MAXSIZE):
        if type(pos) is not int or type(endpos) is not int:
            pos, endpos = _bounds(pos, endpos)
        return _iterate(self, _native.scanner(self._handle, string, pos, endpos), string)

    def split(self, string, maxsplit=0):
        if type(maxsplit) is not int:
            maxsplit = _index(maxsplit)
        return _native.split(self._handle, string, maxsplit)

    def sub(self, repl, string, count=0):
        return self._subx(repl, string, count)[0]

    def subn(self, repl, string, count=0):
        return self._subx(repl, string, count)

    def _subx(self, repl, string, count):
        if type(count) is not int:
            count = _index(count)
        if isinstance(repl, str):
            return _native.sub(self._handle, repl, string, count)
        if not callable(repl):
            raise TypeError("decoding to str: need a bytes-like object, %s found"
                            % type(repl).__name__)
        return _sub_with_function(self, repl, string, count)

    def __repr__(self):
        flags = self._flags
        if flags & (4 | 32 | 256) == 32:
            flags &= ~32    # UNICODE is the default for str patterns
        text = "re.compile(%s" % repr(self._pattern)[:200]
        if flags:
            text += ", " + _flag_names(flags, _PATTERN_FLAG_ORDER)
        return text + ")"

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self._pattern == other._pattern and self._flags == other._flags

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        return hash((self._pattern, self._flags))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class _MappingProxy:
    """Pattern.groupindex: a read-only view of the name -> number dict,
    printed as the dict is."""

    def __init__(self, data):
        self._data = data

    def __getitem__(self, key):
        return self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def get(self, key, default=None):
        return self._data.get(key, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self):
        return dict(self._data)

    def __eq__(self, other):
        if isinstance(other, _MappingProxy):
            other = other._data
        return self._data == other

    def __repr__(self):
        return repr(self._data)


def _readonly(message):
    def refuse(self, value):
        raise AttributeError(message)
    return refuse


# Their data attributes are read-only, with _sre's messages.
for _cls, _names in ((Pattern, ("pattern", "flags", "groups")),
                     (Match, ("re", "string", "pos", "endpos", "lastindex",
                              "lastgroup", "regs"))):
    for _name in _names:
        setattr(_cls, _name, property(getattr(_cls, _name).fget,
                                      _readonly("readonly attribute")))
Pattern.groupindex = property(
    Pattern.groupindex.fget,
    _readonly("attribute 'groupindex' of 're.Pattern' objects is not writable"))
del _cls, _names, _name


def _iterate(pattern, scanner, string):
    while True:
        handle = _native.scanner_next(scanner)
        if handle is None:
            return
        yield Match(handle, pattern, string)


def _sub_with_function(pattern, function, string, count):
    """sub() with a function: the text between matches, and what the
    function returns for each (None adds nothing), as _sre joins them."""
    scanner = _native.scanner(pattern._handle, string, 0, _MAXSIZE)
    pieces = []
    last = 0
    done = 0
    while count == 0 or done < count:
        handle = _native.scanner_next(scanner)
        if handle is None:
            break
        m = Match(handle, pattern, string)
        start, end = _native.match_span(handle, 0)
        if last < start:
            pieces.append(_native.scanner_slice(scanner, last, start))
        piece = function(m)
        if piece is not None:
            pieces.append(piece)
        last = end
        done += 1
    if last < len(string):
        pieces.append(_native.scanner_slice(scanner, last, len(string)))
    return "".join(pieces), done


# --- the module's functions ---------------------------------------------------

_cache = {}
_MAXCACHE = 512


def _warn(found):
    import warnings
    for category, message in found:
        cls = FutureWarning if category == "FutureWarning" else DeprecationWarning
        # 1 is here, 2 _compile, 3 the re function, 4 its caller.
        warnings.warn(message, cls, stacklevel=4)


_native.set_hooks(error, _warn)


def _compile(pattern, flags):
    if isinstance(flags, RegexFlag):
        flags = flags.value
    key = (type(pattern), pattern, flags)
    try:
        return _cache[key]
    except KeyError:
        pass
    except TypeError:
        pass
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError(
                "cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, str):
        raise TypeError("first argument must be string or compiled pattern")
    cacheable = not flags & DEBUG
    compiled = Pattern(_native.compile(pattern, _index(flags)), pattern)
    if compiled._warnings:
        _warn(compiled._warnings)
    if cacheable:
        if len(_cache) >= _MAXCACHE:
            del _cache[next(iter(_cache))]
        _cache[key] = compiled
    return compiled


def compile(pattern, flags=0):
    "Compile a regular expression pattern, returning a Pattern object."
    return _compile(pattern, flags)


def match(pattern, string, flags=0):
    """Try to apply the pattern at the start of the string, returning
    a Match object, or None if no match was found."""
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    """Try to apply the pattern to all of the string, returning
    a Match object, or None if no match was found."""
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    """Scan through string looking for a match to the pattern, returning
    a Match object, or None if no match was found."""
    return _compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    """Return the string obtained by replacing the leftmost
    non-overlapping occurrences of the pattern in string by the
    replacement repl."""
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    """Return a 2-tuple containing (new_string, number)."""
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    """Split the source string by the occurrences of the pattern,
    returning a list containing the resulting substrings."""
    return _compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    """Return a list of all non-overlapping matches in the string."""
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    """Return an iterator over all non-overlapping matches in the
    string. For each match, the iterator returns a Match object."""
    return _compile(pattern, flags).finditer(string)


def purge():
    "Clear the regular expression caches"
    _cache.clear()


class Scanner:
    """A simple lexer (undocumented in CPython, but public): lexicon is a
    list of (pattern, action) pairs; scan() matches them one after another
    from the start of the string, collecting what the actions return (an
    action may be a function of (scanner, text), or a value, None to drop
    the token), and stops where none matches."""

    def __init__(self, lexicon, flags=0):
        self.lexicon = lexicon
        # One alternation, each phrase in a group of its own; the number of
        # that group (lastindex after a match) says which phrase matched.
        alternatives = []
        self._actions = {}
        group = 1
        for phrase, action in lexicon:
            self._actions[group] = action
            alternatives.append("(%s)" % phrase)
            group += 1 + compile(phrase, flags).groups
        self.scanner = compile("|".join(alternatives), flags)

    def scan(self, string):
        result = []
        i = 0
        while True:
            m = self.scanner.match(string, i)
            if not m:
                break
            j = m.end()
            if i == j:
                break
            action = self._actions[m.lastindex]
            if callable(action):
                self.match = m
                action = action(self, m.group())
            if action is not None:
                result.append(action)
            i = j
        return result, string[i:]


def template(pattern, flags=0):
    "Compile a template pattern, returning a Pattern object, deprecated"
    import warnings
    warnings.warn("The re.template() function is deprecated "
                  "as it is an undocumented function "
                  "without an obvious purpose. "
                  "Use re.compile() instead.",
                  DeprecationWarning, stacklevel=2)
    return _compile(pattern, flags | TEMPLATE)


def escape(pattern):
    "Escape special characters in a string."
    return _native.escape(_check_template(pattern))
