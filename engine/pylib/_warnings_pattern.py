"""The regular expressions of warnings filters, without the `re` module.

warnings.filterwarnings() compiles its `message` (case-insensitively) and
`module` arguments as regular expressions and matches them at the start of
the warning text / module name.  backstep has no `re` yet, so this is a small
backtracking matcher for the syntax such filters use: literals, '.', '^',
'$', '\\A', '\\Z', escapes (\\d \\w \\s \\D \\W \\S and escaped
punctuation), classes ('[a-z_]', '[^...]'), groups ('(...)', '(?:...)'),
alternation and the quantifiers * + ? {m} {m,} {m,n} with their lazy forms.
Anything else raises ValueError when the filter is added.
"""

IGNORECASE = 2


class _Syntax(ValueError):
    pass


def _class_test(name):
    """Predicate for \\d, \\w, \\s and their negations (Unicode rules)."""
    tests = {
        'd': lambda c: c.isdecimal(),
        'w': lambda c: c.isalnum() or c == '_',
        's': lambda c: c.isspace(),
    }
    test = tests[name.lower()]
    if name.isupper():
        return lambda c: not test(c)
    return test


class _Parser(object):
    """Turns pattern text into nested tuples:
    ('char', c) ('any',) ('set', negated, items) ('test', predicate)
    ('bol',) ('eol',) ('eos',) ('seq', nodes) ('alt', seqs)
    ('repeat', node, low, high, greedy)."""

    def __init__(self, text):
        self.text = text
        self.pos = 0

    def peek(self):
        return self.text[self.pos] if self.pos < len(self.text) else ''

    def take(self):
        char = self.peek()
        self.pos += 1
        return char

    def parse(self):
        node = self.alternation()
        if self.pos != len(self.text):
            raise _Syntax('unbalanced parenthesis at position %d' % self.pos)
        return node

    def alternation(self):
        branches = [self.sequence()]
        while self.peek() == '|':
            self.take()
            branches.append(self.sequence())
        return branches[0] if len(branches) == 1 else ('alt', branches)

    def sequence(self):
        nodes = []
        while self.peek() not in ('', '|', ')'):
            nodes.append(self.quantified(self.atom()))
        return ('seq', nodes)

    def quantified(self, node):
        bounds = self.quantifier_bounds()
        if bounds is None:
            return node
        greedy = True
        if self.peek() == '?':
            self.take()
            greedy = False
        return ('repeat', node, bounds[0], bounds[1], greedy)

    def quantifier_bounds(self):
        char = self.peek()
        if char in ('*', '+', '?'):
            self.take()
            return {'*': (0, None), '+': (1, None), '?': (0, 1)}[char]
        if char != '{':
            return None
        close = self.text.find('}', self.pos)
        if close < 0:
            return None
        low, comma, high = self.text[self.pos + 1:close].partition(',')
        digits_or_empty = (low.isdigit() or not low) and (high.isdigit() or
                                                           not high)
        if not digits_or_empty or not (low or comma):
            return None                 # not a quantifier: a literal '{'
        self.pos = close + 1
        low_value = int(low) if low else 0
        if not comma:
            return (low_value, low_value)
        return (low_value, int(high) if high else None)

    def atom(self):
        char = self.take()
        if char == '(':
            if self.text.startswith('?:', self.pos):
                self.pos += 2
            elif self.peek() == '?':
                raise _Syntax('unsupported group syntax')
            node = self.alternation()
            if self.take() != ')':
                raise _Syntax('missing ), unterminated subpattern')
            return node
        if char == '.':
            return ('any',)
        if char == '^':
            return ('bol',)
        if char == '$':
            return ('eol',)
        if char == '[':
            return self.char_set()
        if char == '\\':
            return self.escape()
        if char in ('*', '+', '?'):
            raise _Syntax('nothing to repeat at position %d' % (self.pos - 1))
        return ('char', char)

    def escape(self):
        char = self.take()
        if char == '':
            raise _Syntax('bad escape (end of pattern)')
        if char in 'dwsDWS':
            return ('test', _class_test(char))
        if char == 'A':
            return ('bol',)
        if char == 'Z':
            return ('eos',)
        if char.isalnum():
            named = {'n': '\n', 't': '\t', 'r': '\r', 'f': '\f', 'v': '\v'}
            if char in named:
                return ('char', named[char])
            raise _Syntax('bad escape \\%s' % char)
        return ('char', char)

    def char_set(self):
        negated = self.peek() == '^'
        if negated:
            self.take()
        items = []
        first = True
        while True:
            char = self.take()
            if char == '':
                raise _Syntax('unterminated character set')
            if char == ']' and not first:
                return ('set', negated, items)
            first = False
            if char == '\\':
                escaped = self.take()
                if escaped in 'dwsDWS':
                    items.append(_class_test(escaped))
                    continue
                char = {'n': '\n', 't': '\t'}.get(escaped, escaped)
            if self.peek() == '-' and self.text[self.pos + 1:self.pos + 2] not in ('', ']'):
                self.take()
                high = self.take()
                if high == '\\':
                    high = self.take()
                items.append((char, high))
            else:
                items.append((char, char))


class _Matcher(object):
    """Backtracking matcher: match(node, pos, then) calls then(end) for each
    way node can match at pos, most preferred first, and returns the first
    non-None result."""

    def __init__(self, text, ignore_case):
        self.text = text
        self.ignore_case = ignore_case

    def same(self, a, b):
        return a == b or (self.ignore_case and a.lower() == b.lower())

    def in_set(self, char, items):
        for item in items:
            if callable(item):
                if item(char):
                    return True
            elif item[0] <= char <= item[1]:
                return True
            elif self.ignore_case and (
                    item[0] <= char.lower() <= item[1] or
                    item[0] <= char.upper() <= item[1]):
                return True
        return False

    def single(self, node, char):
        kind = node[0]
        if kind == 'char':
            return self.same(node[1], char)
        if kind == 'any':
            return char != '\n'
        if kind == 'set':
            return self.in_set(char, node[2]) != node[1]
        return node[1](char)                 # 'test'

    def match(self, node, pos, then):
        kind = node[0]
        text = self.text
        if kind in ('char', 'any', 'set', 'test'):
            if pos < len(text) and self.single(node, text[pos]):
                return then(pos + 1)
            return None
        if kind == 'bol':
            return then(pos) if pos == 0 else None
        if kind == 'eol':
            at_end = pos == len(text) or (pos == len(text) - 1 and
                                          text[pos] == '\n')
            return then(pos) if at_end else None
        if kind == 'eos':
            return then(pos) if pos == len(text) else None
        if kind == 'seq':
            return self.match_sequence(node[1], 0, pos, then)
        if kind == 'alt':
            for branch in node[1]:
                result = self.match(branch, pos, then)
                if result is not None:
                    return result
            return None
        return self.match_repeat(node, 0, pos, then)

    def match_sequence(self, nodes, index, pos, then):
        if index == len(nodes):
            return then(pos)
        return self.match(nodes[index], pos,
                          lambda end: self.match_sequence(nodes, index + 1,
                                                          end, then))

    def match_repeat(self, node, count, pos, then):
        _, inner, low, high, greedy = node

        def again(end):
            if end == pos and count >= low:
                return None              # an empty iteration cannot loop
            return self.match_repeat(node, count + 1, end, then)

        can_stop = count >= low
        can_go_on = high is None or count < high
        if not greedy and can_stop:
            result = then(pos)
            if result is not None:
                return result
        if can_go_on:
            result = self.match(inner, pos, again)
            if result is not None:
                return result
        if greedy and can_stop:
            return then(pos)
        return None


class Pattern(object):
    """A compiled filter pattern; match(text) anchors at the start of text
    and returns a true value (the end of the match + 1) or None."""

    def __init__(self, pattern, flags=0):
        if not isinstance(pattern, str):
            raise TypeError('first argument must be string or compiled '
                            'pattern')
        self.pattern = pattern
        self.flags = flags
        self._tree = _Parser(pattern).parse()

    def match(self, text):
        if not isinstance(text, str):
            raise TypeError("expected string or bytes-like object, got '%s'"
                            % type(text).__name__)
        matcher = _Matcher(text, bool(self.flags & IGNORECASE))
        end = matcher.match(self._tree, 0, lambda end: end)
        return None if end is None else end + 1

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def __repr__(self):
        if self.flags & IGNORECASE:
            return 're.compile(%r, re.IGNORECASE)' % (self.pattern,)
        return 're.compile(%r)' % (self.pattern,)


def compile(pattern, flags=0):
    return Pattern(pattern, flags)


def escape(text):
    """Backslash every character that is special in a pattern."""
    special = '()[]{}?*+-|^$\\.&~# \t\n\r\v\f'
    return ''.join(['\\' + char if char in special else char
                    for char in text])
