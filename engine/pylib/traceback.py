"""traceback: an exception's traceback as text, as an uncaught error prints
it (backstep's frames carry the column: `File "p.py", line 3, col 5, in f`).

format_exc / print_exc / format_exception / print_exception /
format_exception_only / format_tb / print_tb.  backstep has no traceback
objects: `__traceback__` is None, and the frames come from where the
exception was caught (the interpreter records them then).
"""

import sys
import _backstep

__all__ = ['format_exc', 'format_exception', 'format_exception_only', 'print_exc', 'print_exception',
           'format_tb', 'print_tb', 'print_last', 'format_list', 'extract_tb', 'extract_stack', 'format_stack',
           'print_stack']

_sentinel = object()


def _exception_of(exc, value):
    if value is _sentinel:
        return exc
    return value


def _one_line(exc):
    text = '%s' % (exc,)
    name = type(exc).__qualname__
    module = type(exc).__module__
    if module not in ('__main__', 'builtins'):
        name = module + '.' + name
    return '%s: %s\n' % (name, text) if text else name + '\n'


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    """The lines of the traceback and the message of `exc` (or of `value`
    in the three-argument form), each ending in a newline."""
    exc = _exception_of(exc, value)
    if exc is None:
        return ['NoneType: None\n']
    text = _backstep.format_exception(exc)
    return text.splitlines(keepends=True)


def format_exception_only(exc, /, value=_sentinel):
    exc = _exception_of(exc, value)
    if exc is None:
        return ['NoneType: None\n']
    return [_one_line(exc)]


def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    if file is None:
        file = sys.stderr
    for line in format_exception(exc, value, tb, limit=limit, chain=chain):
        print(line, file=file, end="")


def format_exc(limit=None, chain=True):
    """The traceback of the exception being handled, as one string."""
    return "".join(format_exception(sys.exc_info()[1], limit=limit, chain=chain))


def print_exc(limit=None, file=None, chain=True):
    print_exception(sys.exc_info()[1], limit=limit, file=file, chain=chain)


def print_last(limit=None, file=None, chain=True):
    if not hasattr(sys, "last_value"):
        raise ValueError("no last exception")
    print_exception(sys.last_value, limit=limit, file=file, chain=chain)


def format_tb(tb, limit=None):
    return []


def print_tb(tb, limit=None, file=None):
    pass


def extract_tb(tb, limit=None):
    return []


def format_list(extracted_list):
    return []


def extract_stack(f=None, limit=None):
    return []


def format_stack(f=None, limit=None):
    return []


def print_stack(f=None, limit=None, file=None):
    pass
