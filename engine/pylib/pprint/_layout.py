"""pprint's breaking rules, one per type (chosen by the type's __repr__),
and how the items of a container are laid out: the part of PrettyPrinter
that decides where lines break."""

import collections as _collections
import dataclasses as _dataclasses
import re as _re
import types as _types


class _safe_key:
    """Sort key for values that may not be comparable with each other:
    those fall back to ordering by type name, then id."""

    __slots__ = ['obj']

    def __init__(self, obj):
        self.obj = obj

    def __lt__(self, other):
        try:
            return self.obj < other.obj
        except TypeError:
            return ((str(type(self.obj)), id(self.obj)) <
                    (str(type(other.obj)), id(other.obj)))


def _safe_tuple(t):
    return _safe_key(t[0]), _safe_key(t[1])


def _builtin(name):
    # bytearray and complex are not in every backstep build yet.
    try:
        return eval(name)
    except NameError:
        return None


def _is_generated_dataclass_repr(object):
    # dataclasses' own __repr__ (not one the class wrote): pprint may lay
    # its fields out itself.
    if not _dataclasses.is_dataclass(object) or isinstance(object, type):
        return False
    params = getattr(object, '__dataclass_params__', None)
    if params is not None and not params.repr:
        return False
    return getattr(type(object).__repr__, '__module__', None) == 'dataclasses._methods'


def _pack_literals(parts, empty, width, allowance, last):
    # Joins consecutive parts into literals whose repr fits `width` (less
    # `allowance` from part index `last` on, where the closing brackets go).
    chunks = []
    current = empty
    for j, part in enumerate(parts):
        candidate = current + part
        if j == last:
            width -= allowance
        if len(repr(candidate)) > width:
            if current:
                chunks.append(repr(current))
            current = part
        else:
            current = candidate
    if current:
        chunks.append(repr(current))
    return chunks


def _wrap_bytes_repr(object, width, allowance):
    parts = [object[i: i + 4] for i in range(0, len(object), 4)]
    return _pack_literals(parts, b'', width, allowance, len(object) // 4)


class _Layout:
    """PrettyPrinter's layout half; the printer supplies _format, _repr and
    the options (_width, _indent_per_level, _compact, _sort_dicts)."""

    def _rule_for(self, object):
        return _RULES.get(type(object).__repr__, None)

    def _pprint_dict(self, object, stream, indent, allowance, context, level):
        stream.write('{')
        if self._indent_per_level > 1:
            stream.write((self._indent_per_level - 1) * ' ')
        if len(object):
            items = sorted(object.items(), key=_safe_tuple) if self._sort_dicts else object.items()
            self._format_dict_items(items, stream, indent, allowance + 1, context, level)
        stream.write('}')

    def _pprint_ordered_dict(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + '(')
        self._format(list(object.items()), stream, indent + len(name) + 1, allowance + 1, context, level)
        stream.write(')')

    def _pprint_list(self, object, stream, indent, allowance, context, level):
        stream.write('[')
        self._format_items(object, stream, indent, allowance + 1, context, level)
        stream.write(']')

    def _pprint_tuple(self, object, stream, indent, allowance, context, level):
        stream.write('(')
        endchar = ',)' if len(object) == 1 else ')'
        self._format_items(object, stream, indent, allowance + len(endchar), context, level)
        stream.write(endchar)

    def _pprint_set(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        typ = object.__class__
        if typ is set:
            stream.write('{')
            endchar = '}'
        else:
            stream.write(typ.__name__ + '({')
            endchar = '})'
            indent += len(typ.__name__) + 1
        ordered = sorted(object, key=_safe_key)
        self._format_items(ordered, stream, indent, allowance + len(endchar), context, level)
        stream.write(endchar)

    def _pprint_str(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        if level == 1:  # alone: in parentheses, so the pieces are one expression
            indent += 1
            allowance += 1
        chunks = self._str_chunks(object, self._width - indent, allowance)
        if len(chunks) == 1:
            stream.write(repr(object))
            return
        if level == 1:
            stream.write('(')
        stream.write(('\n' + ' ' * indent).join(chunks))
        if level == 1:
            stream.write(')')

    @staticmethod
    def _str_chunks(text, max_width, allowance):
        # Each line of the string is one literal when it fits, else its
        # words (with their trailing spaces) packed into literals that do.
        chunks = []
        lines = text.splitlines(True)
        line_width = max_width
        for i, line in enumerate(lines):
            last_line = i == len(lines) - 1
            if last_line:
                line_width -= allowance
            if len(repr(line)) <= line_width:
                chunks.append(repr(line))
                continue
            parts = _re.findall(r'\S*\s*', line)[:-1]
            word_width = max_width
            last = len(parts) - 1 if last_line else -1
            chunks.extend(_pack_literals(parts, '', word_width, allowance, last))
        return chunks

    def _pprint_bytes(self, object, stream, indent, allowance, context, level):
        if len(object) <= 4:
            stream.write(repr(object))
            return
        parens = level == 1
        if parens:
            indent += 1
            allowance += 1
            stream.write('(')
        stream.write(('\n' + ' ' * indent).join(_wrap_bytes_repr(object, self._width - indent, allowance)))
        if parens:
            stream.write(')')

    def _pprint_bytearray(self, object, stream, indent, allowance, context, level):
        stream.write('bytearray(')
        self._pprint_bytes(bytes(object), stream, indent + 10, allowance + 1, context, level + 1)
        stream.write(')')

    def _pprint_mappingproxy(self, object, stream, indent, allowance, context, level):
        stream.write('mappingproxy(')
        self._format(object.copy(), stream, indent + 13, allowance + 1, context, level)
        stream.write(')')

    def _pprint_simplenamespace(self, object, stream, indent, allowance, context, level):
        # SimpleNamespace's repr says "namespace"; a subclass's, its name.
        name = 'namespace' if type(object) is _types.SimpleNamespace else object.__class__.__name__
        stream.write(name + '(')
        self._format_namespace_items(object.__dict__.items(), stream, indent + len(name) + 1,
                                     allowance, context, level)
        stream.write(')')

    def _pprint_dataclass(self, object, stream, indent, allowance, context, level):
        name = object.__class__.__name__
        items = [(f.name, getattr(object, f.name)) for f in _dataclasses.fields(object) if f.repr]
        stream.write(name + '(')
        self._format_namespace_items(items, stream, indent + len(name) + 1, allowance, context, level)
        stream.write(')')

    def _pprint_default_dict(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        factory = self._repr(object.default_factory, context, level)
        name = object.__class__.__name__
        indent += len(name) + 1
        stream.write('%s(%s,\n%s' % (name, factory, ' ' * indent))
        self._pprint_dict(object, stream, indent, allowance + 1, context, level)
        stream.write(')')

    def _pprint_counter(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + '({')
        if self._indent_per_level > 1:
            stream.write((self._indent_per_level - 1) * ' ')
        self._format_dict_items(object.most_common(), stream, indent + len(name) + 1, allowance + 2,
                                context, level)
        stream.write('})')

    def _pprint_chain_map(self, object, stream, indent, allowance, context, level):
        if not len(object.maps):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + '(')
        indent += len(name) + 1
        for i, m in enumerate(object.maps):
            if i == len(object.maps) - 1:
                self._format(m, stream, indent, allowance + 1, context, level)
                stream.write(')')
            else:
                self._format(m, stream, indent, 1, context, level)
                stream.write(',\n' + ' ' * indent)

    def _pprint_deque(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + '([')
        indent += len(name) + 1
        if object.maxlen is None:
            self._format_items(object, stream, indent, allowance + 2, context, level)
            stream.write('])')
        else:
            self._format_items(object, stream, indent, 2, context, level)
            stream.write('],\n%smaxlen=%s)' % (' ' * indent, self._repr(object.maxlen, context, level)))

    def _pprint_user_data(self, object, stream, indent, allowance, context, level):
        # UserDict, UserList, UserString print as what they wrap.
        self._format(object.data, stream, indent, allowance, context, level - 1)

    # ---- laying out items -----------------------------------------------------

    def _format_dict_items(self, items, stream, indent, allowance, context, level):
        indent += self._indent_per_level
        between = ',\n' + ' ' * indent
        items = list(items)
        for i, (key, value) in enumerate(items):
            last = i == len(items) - 1
            rep = self._repr(key, context, level)
            stream.write(rep)
            stream.write(': ')
            self._format(value, stream, indent + len(rep) + 2, allowance if last else 1, context, level)
            if not last:
                stream.write(between)

    def _format_namespace_items(self, items, stream, indent, allowance, context, level):
        between = ',\n' + ' ' * indent
        items = list(items)
        for i, (key, value) in enumerate(items):
            last = i == len(items) - 1
            stream.write(key + '=')
            if id(value) in context:
                stream.write('...')  # as a recursive dataclass repr shows it
            else:
                self._format(value, stream, indent + len(key) + 1, allowance if last else 1, context, level)
            if not last:
                stream.write(between)

    def _format_items(self, items, stream, indent, allowance, context, level):
        indent += self._indent_per_level
        if self._indent_per_level > 1:
            stream.write((self._indent_per_level - 1) * ' ')
        newline = ',\n' + ' ' * indent
        delim = ''
        # compact: the room left on the current line, and on a fresh one
        width = max_width = self._width - indent + 1
        items = list(items)
        for i, item in enumerate(items):
            last = i == len(items) - 1
            if last:
                max_width -= allowance
                width -= allowance
            if self._compact:
                rep = self._repr(item, context, level)
                needed = len(rep) + 2
                if width < needed:
                    width = max_width
                    if delim:
                        delim = newline
                if width >= needed:
                    width -= needed
                    stream.write(delim)
                    delim = ', '
                    stream.write(rep)
                    continue
            stream.write(delim)
            delim = newline
            self._format(item, stream, indent, allowance if last else 1, context, level)


def _rules():
    P = _Layout
    table = [
        (dict, P._pprint_dict), (list, P._pprint_list), (tuple, P._pprint_tuple),
        (set, P._pprint_set), (frozenset, P._pprint_set), (str, P._pprint_str), (bytes, P._pprint_bytes),
        (_builtin('bytearray'), P._pprint_bytearray),
        (_collections.OrderedDict, P._pprint_ordered_dict), (_collections.defaultdict, P._pprint_default_dict),
        (_collections.Counter, P._pprint_counter), (_collections.ChainMap, P._pprint_chain_map),
        (_collections.deque, P._pprint_deque), (_collections.UserDict, P._pprint_user_data),
        (_collections.UserList, P._pprint_user_data), (_collections.UserString, P._pprint_user_data),
        (_types.MappingProxyType, P._pprint_mappingproxy), (_types.SimpleNamespace, P._pprint_simplenamespace),
    ]
    return {typ.__repr__: rule for typ, rule in table if typ is not None}


_RULES = _rules()
