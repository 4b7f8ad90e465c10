"""CPython stand-in for the `_backstep` primitives the core pylib modules
use (contract: engine/pylib/PRIMITIVES-core.md).  backstep provides these
natively; this file exists only so the pure-Python modules in engine/pylib
can be tested under real CPython by run_with_pylib.py."""

import sys as _sys


def caller_module_name(depth):
    """__name__ of the module whose code is running `depth` Python frames
    above the function that called this primitive (depth=1: that function's
    caller); '__main__' past the top of the stack."""
    try:
        frame = _sys._getframe(depth + 1)
    except ValueError:
        return '__main__'
    return frame.f_globals.get('__name__', '__main__')
