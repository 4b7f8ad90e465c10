"""Evaluating string annotations ('List[int]', 'Optional["Node"]') without
eval().

get_type_hints must turn strings into objects; CPython uses eval.  This is a
small recursive-descent evaluator for the expressions annotations use:
names, dotted attributes, subscripts (with tuples and lists inside), string
and number literals, None/True/False, ..., unary minus, and `X | Y`.
Anything else raises SyntaxError.
"""

_BUILTIN_TYPES = {
    'int': int, 'float': float, 'str': str, 'bool': bool, 'list': list,
    'dict': dict, 'set': set, 'frozenset': frozenset, 'tuple': tuple,
    'type': type, 'object': object, 'range': range, 'slice': slice,
    'Exception': Exception, 'BaseException': BaseException,
    'callable': callable, 'len': len, 'property': property,
}
_CONSTANTS = {'None': None, 'True': True, 'False': False}


class _Parser(object):

    def __init__(self, text, globalns, localns):
        self.text = text
        self.position = 0
        self.globalns = globalns
        self.localns = localns

    # ---- low level ----------------------------------------------------------

    def error(self):
        raise SyntaxError('cannot evaluate annotation %r' % (self.text,))

    def skip_space(self):
        while self.position < len(self.text) and \
                self.text[self.position] in ' \t\n':
            self.position += 1

    def peek(self):
        self.skip_space()
        if self.position < len(self.text):
            return self.text[self.position]
        return ''

    def accept(self, token):
        self.skip_space()
        if self.text.startswith(token, self.position):
            self.position += len(token)
            return True
        return False

    def expect(self, token):
        if not self.accept(token):
            self.error()

    def word(self):
        self.skip_space()
        start = self.position
        while self.position < len(self.text) and \
                (self.text[self.position].isalnum()
                 or self.text[self.position] == '_'):
            self.position += 1
        return self.text[start:self.position]

    # ---- grammar --------------------------------------------------------------

    def parse(self):
        value = self.expression()
        if self.peek():
            self.error()
        return value

    def expression(self):
        value = self.unary()
        while self.peek() == '|':
            self.position += 1
            value = value | self.unary()
        return value

    def unary(self):
        if self.peek() == '-':
            self.position += 1
            return -self.unary()
        return self.postfix()

    def postfix(self):
        value = self.atom()
        while True:
            if self.peek() == '.' and not self.text.startswith(
                    '...', self.position):
                self.position += 1
                name = self.word()
                if not name:
                    self.error()
                value = getattr(value, name)
            elif self.peek() == '[':
                self.position += 1
                value = value[self.subscript()]
                self.expect(']')
            else:
                return value

    def subscript(self):
        items, trailing_comma = self.sequence(']')
        if len(items) == 1 and not trailing_comma:
            return items[0]
        return tuple(items)

    def sequence(self, closer):
        """Comma-separated expressions up to closer (not consumed)."""
        items = []
        trailing_comma = False
        while self.peek() != closer:
            items.append(self.expression())
            trailing_comma = False
            if not self.accept(','):
                break
            trailing_comma = True
        return items, trailing_comma

    def atom(self):
        char = self.peek()
        if char == '(':
            self.position += 1
            items, trailing_comma = self.sequence(')')
            self.expect(')')
            if len(items) == 1 and not trailing_comma:
                return items[0]
            return tuple(items)
        if char == '[':
            self.position += 1
            items, _ = self.sequence(']')
            self.expect(']')
            return items
        if char in ('"', "'"):
            return self.string(char)
        if self.accept('...'):
            return Ellipsis
        if char.isdigit():
            return self.number()
        name = self.word()
        if not name:
            self.error()
        return self.lookup(name)

    def string(self, quote):
        self.position += 1
        end = self.text.find(quote, self.position)
        if end < 0:
            self.error()
        value = self.text[self.position:end]
        self.position = end + 1
        return value

    def number(self):
        start = self.position
        while self.position < len(self.text) and \
                (self.text[self.position].isdigit()
                 or self.text[self.position] in '._eE'):
            self.position += 1
        literal = self.text[start:self.position].replace('_', '')
        if '.' in literal or 'e' in literal or 'E' in literal:
            return float(literal)
        return int(literal)

    def lookup(self, name):
        if name in _CONSTANTS:
            return _CONSTANTS[name]
        if self.localns is not None and name in self.localns:
            return self.localns[name]
        if self.globalns is not None and name in self.globalns:
            return self.globalns[name]
        if name in _BUILTIN_TYPES:
            return _BUILTIN_TYPES[name]
        raise NameError("name '%s' is not defined" % (name,))


def evaluate(text, globalns, localns):
    """The value of annotation expression `text` in the given namespaces
    (locals first, then globals, then builtins)."""
    return _Parser(text, globalns, localns).parse()
