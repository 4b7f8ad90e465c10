"""atexit: functions to run when the program ends normally or by an
uncaught exception (not os._exit), last registered first.  backstep's end
of session calls _run_exitfuncs (engine/runtime/gc_exit.cpp)."""

import sys

_handlers = []


def register(func, *args, **kwargs):
    if not callable(func):
        raise TypeError('the first argument must be callable')
    _handlers.append((func, args, kwargs))
    return func


def unregister(func):
    # CPython leaves the slot empty: _ncallbacks() still counts it.
    for i, h in enumerate(_handlers):
        if h is not None and h[0] == func:
            _handlers[i] = None


def _clear():
    del _handlers[:]


def _ncallbacks():
    return len(_handlers)


def _run_exitfuncs():
    """Runs and forgets every handler; an exception in one is reported on
    stderr as CPython reports it, and the others still run."""
    while _handlers:
        handler = _handlers.pop()
        if handler is None:
            continue
        func, args, kwargs = handler
        try:
            func(*args, **kwargs)
        except SystemExit:
            pass
        except BaseException as e:
            import traceback
            print('Exception ignored in atexit callback: %r' % (func,), file=sys.stderr)
            traceback.print_exception(type(e), e, e.__traceback__)
