"""Just enough C++ header reading for scripts/gen_saved_accessors.py: comments
out, the `#if` branches a Linux build sees, brace matching, a struct body's
top-level declarations, a data member's type and name, and the namespace
open at a position. Standard library only."""

import re


_COMMENT_RE = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', re.S)


def strip_comments(text):
    """Removes comments, keeping string and character literals (and line breaks)."""

    def repl(m):
        s = m.group(0)
        if s.startswith('/'):
            return '\n' * s.count('\n') if s.startswith('/*') else ''
        return s

    return _COMMENT_RE.sub(repl, text)


def _eval_condition(directive, arg, defined):
    arg = arg.strip()
    if directive == 'ifdef':
        return arg in defined
    if directive == 'ifndef':
        return arg not in defined
    # `#if EXPR`: understand defined(X), !defined(X), 0 and 1; anything else is taken as true.
    m = re.fullmatch(r'(!?)\s*defined\s*\(?\s*(\w+)\s*\)?', arg)
    if m:
        return (m.group(2) in defined) != bool(m.group(1))
    if arg in ('0', 'false'):
        return False
    return True


def preprocess(text, defined=frozenset()):
    """Keeps the branches of #if/#ifdef/#else/#endif a Linux build would see.

    libtorch 2.x declares each node struct twice, once under `#ifdef _WIN32`;
    only the non-Windows branch must be parsed. Other directives are dropped."""
    out = []
    stack = []  # (this branch active, some branch already taken)
    for line in text.split('\n'):
        m = re.match(r'\s*#\s*(\w+)(.*)', line)
        if not m:
            out.append(line if all(a for a, _ in stack) else '')
            continue
        d, arg = m.group(1), m.group(2)
        if d in ('if', 'ifdef', 'ifndef'):
            c = _eval_condition(d, arg, defined)
            stack.append((c, c))
        elif d == 'elif' and stack:
            _, taken = stack[-1]
            c = (not taken) and _eval_condition('if', arg, defined)
            stack[-1] = (c, taken or c)
        elif d == 'else' and stack:
            _, taken = stack[-1]
            stack[-1] = (not taken, True)
        elif d == 'endif' and stack:
            stack.pop()
        out.append('')
    return '\n'.join(out)


def matching_brace(text, open_pos):
    """Index of the `}` matching the `{` at open_pos."""
    depth = 0
    for i in range(open_pos, len(text)):
        c = text[i]
        if c == '{':
            depth += 1
        elif c == '}':
            depth -= 1
            if depth == 0:
                return i
    raise ValueError('unbalanced braces')


def split_members(body):
    """Splits a struct body into top-level declarations.

    Returns (declarations, method_bodies): declarations are the statements that
    end with `;` at the body's top level (member functions with bodies are cut
    out, their bodies returned separately)."""
    decls, methods = [], []
    cur = []
    i, n = 0, len(body)
    while i < n:
        c = body[i]
        if c == '{':
            end = matching_brace(body, i)
            stmt = ''.join(cur)
            if '(' in stmt:
                # a function definition: `void f() override { ... }`
                methods.append(body[i + 1:end])
                cur = []
            else:
                # a brace initializer: `int64_t x{0};`
                cur.append(body[i:end + 1])
            i = end + 1
            continue
        if c == ';':
            decls.append(''.join(cur))
            cur = []
        else:
            cur.append(c)
        i += 1
    return decls, methods


_DECL_RE = re.compile(r'^(?P<type>.+?[\w>&*\s])\s*\b(?P<name>[A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)?(?:=.*|\{.*\})?$', re.S)


def parse_declaration(stmt):
    """(type, name) for a data member declaration, else None."""
    s = ' '.join(stmt.split())
    # access specifiers glued to the front: `private: int x`
    s = re.sub(r'^(?:(?:public|protected|private)\s*:\s*)+', '', s)
    if not s:
        return None
    first = s.split()[0]
    if first in ('using', 'typedef', 'friend', 'static', 'template', 'enum', 'struct', 'class', 'return'):
        return None
    head = s.split('=')[0].split('{')[0]
    if '(' in head or 'operator' in head:
        return None
    m = _DECL_RE.match(s)
    if not m:
        return None
    typ = m.group('type').strip()
    name = m.group('name')
    typ = re.sub(r'^(?:mutable|const|volatile|inline)\s+', '', typ)
    if not typ or typ in ('auto',):
        return None
    return typ, name


_SCOPE_RE = re.compile(r'\bnamespace\s+([\w:]+)\s*\{|[{}]')


def namespace_at(text, pos):
    """The namespace open at pos ('torch::autograd'), from the `namespace X {`
    blocks enclosing it; '' at file scope."""
    stack = []
    for m in _SCOPE_RE.finditer(text, 0, pos):
        if m.group(0) == '}':
            if stack:
                stack.pop()
        else:
            stack.append(m.group(1))  # None for a brace that is not a namespace
    return '::'.join(n for n in stack if n)
