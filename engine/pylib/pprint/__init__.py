"""Pretty-printing as CPython's pprint: pprint, pformat, pp, saferepr,
isreadable, isrecursive and PrettyPrinter, with the same layout rules, so
the text matches CPython's byte for byte (the debugger's :pp prints
pformat's).

How the layout works: an object whose repr fits the room left on the line
(width - indent - allowance, where the allowance is what must still follow
it: a closing bracket, a comma) is written as its repr. A wider one is
broken up when its type has a breaking rule (containers one item a line,
dict values after their key, long strings split at spaces into adjacent
literals), else written as its repr anyway.
"""

import sys as _sys

from ._layout import _Layout, _builtin, _is_generated_dataclass_repr, _safe_tuple

__all__ = ["pprint", "pformat", "isreadable", "isrecursive", "saferepr",
           "PrettyPrinter", "pp"]


def pprint(object, stream=None, indent=1, width=80, depth=None, *,
           compact=False, sort_dicts=True, underscore_numbers=False):
    """Pretty-print a Python object to a stream [default is sys.stdout]."""
    PrettyPrinter(stream=stream, indent=indent, width=width, depth=depth,
                  compact=compact, sort_dicts=sort_dicts,
                  underscore_numbers=underscore_numbers).pprint(object)


def pformat(object, indent=1, width=80, depth=None, *,
            compact=False, sort_dicts=True, underscore_numbers=False):
    """Format a Python object into a pretty-printed representation."""
    return PrettyPrinter(indent=indent, width=width, depth=depth,
                         compact=compact, sort_dicts=sort_dicts,
                         underscore_numbers=underscore_numbers).pformat(object)


def pp(object, *args, sort_dicts=False, **kwargs):
    """Pretty-print a Python object (dicts in insertion order)."""
    pprint(object, *args, sort_dicts=sort_dicts, **kwargs)


def saferepr(object):
    """repr() that shows a recursive structure instead of looping."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[0]


def isreadable(object):
    """Whether saferepr(object) would read back with eval()."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[1]


def isrecursive(object):
    """Whether the object contains itself."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[2]


class _TextSink:
    """The smallest writable stream: pformat's buffer."""

    def __init__(self):
        self._parts = []

    def write(self, text):
        self._parts.append(text)

    def getvalue(self):
        return ''.join(self._parts)


def _recursion(object):
    return "<Recursion on %s with id=%s>" % (type(object).__name__, id(object))


_builtin_scalars = frozenset({t for t in (str, bytes, _builtin('bytearray'), float, _builtin('complex'),
                                          bool, type(None)) if t is not None})


class PrettyPrinter(_Layout):
    def __init__(self, indent=1, width=80, depth=None, stream=None, *,
                 compact=False, sort_dicts=True, underscore_numbers=False):
        indent = int(indent)
        width = int(width)
        if indent < 0:
            raise ValueError('indent must be >= 0')
        if depth is not None and depth <= 0:
            raise ValueError('depth must be > 0')
        if not width:
            raise ValueError('width must be != 0')
        self._depth = depth
        self._indent_per_level = indent
        self._width = width
        self._stream = stream if stream is not None else _sys.stdout
        self._compact = bool(compact)
        self._sort_dicts = sort_dicts
        self._underscore_numbers = underscore_numbers

    def pprint(self, object):
        if self._stream is not None:
            self._format(object, self._stream, 0, 0, {}, 0)
            self._stream.write("\n")

    def pformat(self, object):
        sink = _TextSink()
        self._format(object, sink, 0, 0, {}, 0)
        return sink.getvalue()

    def isrecursive(self, object):
        return self.format(object, {}, 0, 0)[2]

    def isreadable(self, object):
        s, readable, recursive = self.format(object, {}, 0, 0)
        return readable and not recursive

    def format(self, object, context, maxlevels, level):
        """(repr text, readable, recursive) of an object in a context."""
        return self._safe_repr(object, context, maxlevels, level)

    def _repr(self, object, context, level):
        text, readable, recursive = self.format(object, context.copy(), self._depth, level)
        if not readable:
            self._readable = False
        if recursive:
            self._recursive = True
        return text

    def _format(self, object, stream, indent, allowance, context, level):
        objid = id(object)
        if objid in context:
            stream.write(_recursion(object))
            self._recursive = True
            self._readable = False
            return
        rep = self._repr(object, context, level)
        if len(rep) > self._width - indent - allowance:
            rule = self._rule_for(object)
            if rule is not None:
                context[objid] = 1
                rule(self, object, stream, indent, allowance, context, level + 1)
                del context[objid]
                return
            if _is_generated_dataclass_repr(object):
                context[objid] = 1
                self._pprint_dataclass(object, stream, indent, allowance, context, level + 1)
                del context[objid]
                return
        stream.write(rep)

    def _safe_repr(self, object, context, maxlevels, level):
        typ = type(object)
        if typ in _builtin_scalars:
            return repr(object), True, False
        r = getattr(typ, "__repr__", None)
        if issubclass(typ, int) and r is int.__repr__:
            if self._underscore_numbers:
                return f"{object:_d}", True, False
            return repr(object), True, False
        if issubclass(typ, dict) and r is dict.__repr__:
            return self._safe_repr_dict(object, context, maxlevels, level)
        if (issubclass(typ, list) and r is list.__repr__) or \
           (issubclass(typ, tuple) and r is tuple.__repr__):
            return self._safe_repr_sequence(object, context, maxlevels, level)
        rep = repr(object)
        return rep, bool(rep and not rep.startswith('<')), False

    def _safe_repr_dict(self, object, context, maxlevels, level):
        if not object:
            return "{}", True, False
        objid = id(object)
        if maxlevels and level >= maxlevels:
            return "{...}", False, objid in context
        if objid in context:
            return _recursion(object), False, True
        context[objid] = 1
        readable, recursive = True, False
        parts = []
        items = sorted(object.items(), key=_safe_tuple) if self._sort_dicts else object.items()
        for k, v in items:
            krepr, kreadable, krecur = self.format(k, context, maxlevels, level + 1)
            vrepr, vreadable, vrecur = self.format(v, context, maxlevels, level + 1)
            parts.append("%s: %s" % (krepr, vrepr))
            readable = readable and kreadable and vreadable
            if krecur or vrecur:
                recursive = True
        del context[objid]
        return "{%s}" % ", ".join(parts), readable, recursive

    def _safe_repr_sequence(self, object, context, maxlevels, level):
        if isinstance(object, list):
            if not object:
                return "[]", True, False
            shape = "[%s]"
        elif len(object) == 1:
            shape = "(%s,)"
        else:
            if not object:
                return "()", True, False
            shape = "(%s)"
        objid = id(object)
        if maxlevels and level >= maxlevels:
            return shape % "...", False, objid in context
        if objid in context:
            return _recursion(object), False, True
        context[objid] = 1
        readable, recursive = True, False
        parts = []
        for o in object:
            orepr, oreadable, orecur = self.format(o, context, maxlevels, level + 1)
            parts.append(orepr)
            if not oreadable:
                readable = False
            if orecur:
                recursive = True
        del context[objid]
        return shape % ", ".join(parts), readable, recursive

