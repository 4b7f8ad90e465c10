"""Utilities for with-statement contexts: contextmanager, ExitStack,
suppress, nullcontext, closing, redirect_stdout/redirect_stderr,
ContextDecorator and AbstractContextManager."""

import sys
from abc import ABC, abstractmethod
from collections import deque
from functools import wraps
from types import GenericAlias

__all__ = ['contextmanager', 'closing', 'nullcontext',
           'AbstractContextManager', 'ContextDecorator', 'ExitStack',
           'redirect_stdout', 'redirect_stderr', 'suppress']


def _restore_traceback(exc, traceback):
    # Hide the context manager's own frames from the re-raised exception,
    # where the interpreter lets __traceback__ be assigned.
    try:
        exc.__traceback__ = traceback
    except (AttributeError, TypeError):
        pass


class AbstractContextManager(ABC):
    """An abstract base class for context managers."""

    __class_getitem__ = classmethod(GenericAlias)

    def __enter__(self):
        """Return `self` upon entering the runtime context."""
        return self

    @abstractmethod
    def __exit__(self, exc_type, exc_value, traceback):
        """Raise any exception triggered within the runtime context."""
        return None

    @classmethod
    def __subclasshook__(cls, C):
        if cls is AbstractContextManager:
            for method in ('__enter__', '__exit__'):
                for base in C.__mro__:
                    if method in base.__dict__:
                        if base.__dict__[method] is None:
                            return NotImplemented
                        break
                else:
                    return NotImplemented
            return True
        return NotImplemented


class ContextDecorator(object):
    "A base class or mixin that enables context managers to work as decorators."

    def _recreate_cm(self):
        """A fresh context manager for each decorated call (one that can
        be re-entered may just return self)."""
        return self

    def __call__(self, func):
        @wraps(func)
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        return inner


class _GeneratorContextManager(ContextDecorator, AbstractContextManager):
    """Helper for @contextmanager: runs the generator up to its yield on
    entry, and resumes it (or throws the with-block's exception into it) on
    exit."""

    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds
        doc = getattr(func, '__doc__', None)
        if doc is None:
            doc = type(self).__doc__
        self.__doc__ = doc

    def _recreate_cm(self):
        # Each decorated call needs its own generator.
        return type(self)(self.func, self.args, self.kwds)

    def __enter__(self):
        # The arguments are only needed to recreate the manager.
        del self.args, self.kwds, self.func
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            # The generator swallowed the exception (unless the exception
            # was a StopIteration that came back out).
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                _restore_traceback(exc, traceback)
                return False
            # A StopIteration thrown in comes back wrapped by the
            # generator machinery (PEP 479): that is not a new error.
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                _restore_traceback(value, traceback)
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            _restore_traceback(exc, traceback)
            return False
        raise RuntimeError("generator didn't stop after throw()")


_GeneratorContextManager.__module__ = 'contextlib'


def contextmanager(func):
    """@contextmanager decorator: a generator function that yields once
    becomes a factory of context managers."""
    @wraps(func)
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    return helper


class closing(AbstractContextManager):
    """Context to automatically close something at the end of a block."""

    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class nullcontext(AbstractContextManager):
    """Context manager that does no additional processing: it returns
    enter_result from __enter__."""

    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass


class _RedirectStream(AbstractContextManager):

    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        # Re-entrant: each entry saves the stream it replaced.
        self._old_targets = []

    def __enter__(self):
        self._old_targets.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        setattr(sys, self._stream, self._old_targets.pop())


class redirect_stdout(_RedirectStream):
    """Context manager for temporarily redirecting stdout to another
    file-like object."""

    _stream = 'stdout'


class redirect_stderr(_RedirectStream):
    """Context manager for temporarily redirecting stderr to another
    file-like object."""

    _stream = 'stderr'


class suppress(AbstractContextManager):
    """Context manager to suppress the specified exceptions: execution
    continues after the with statement."""

    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        return exctype is not None and issubclass(exctype, self._exceptions)



# ---- ExitStack ----------------------------------------------------------------------

def _exception_being_handled():
    """The exception the with-statement's frame is handling, if the
    interpreter can tell (sys.exc_info); else None."""
    exc_info = getattr(sys, 'exc_info', None)
    return exc_info()[1] if exc_info is not None else None


def _exc_details(exc):
    return (type(exc), exc, getattr(exc, '__traceback__', None))


class ExitStack(AbstractContextManager):
    """Context manager for dynamic management of a stack of exit callbacks.

    For example:
        with ExitStack() as stack:
            files = [stack.enter_context(open(fname)) for fname in filenames]
            # All opened files will automatically be closed at the end of
            # the with statement, even if attempts to open files later
            # in the list raise an exception.
    """

    def __init__(self):
        self._exit_callbacks = deque()

    def pop_all(self):
        """Preserve the context stack by transferring it to a new instance."""
        new_stack = type(self)()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = deque()
        return new_stack

    def push(self, exit):
        """Registers a callback with the standard __exit__ method signature,
        or a context manager's __exit__ (without calling its __enter__)."""
        exit_method = getattr(type(exit), '__exit__', None)
        if exit_method is None:
            self._exit_callbacks.append(exit)
        else:
            self._push_cm_exit(exit, exit_method)
        return exit

    def enter_context(self, cm):
        """Enters the supplied context manager; its __exit__ runs when this
        stack unwinds.  Returns the result of __enter__."""
        cls = type(cm)
        enter = getattr(cls, '__enter__', None)
        exit = getattr(cls, '__exit__', None)
        if enter is None or exit is None:
            raise TypeError("'%s.%s' object does not support the context "
                            "manager protocol" % (cls.__module__,
                                                  cls.__qualname__))
        result = enter(cm)
        self._push_cm_exit(cm, exit)
        return result

    def callback(self, callback, *args, **kwds):
        """Registers an arbitrary callback and arguments; it cannot suppress
        exceptions."""
        def _exit_wrapper(exc_type, exc, tb):
            callback(*args, **kwds)
        _exit_wrapper.__wrapped__ = callback
        self._exit_callbacks.append(_exit_wrapper)
        return callback

    def _push_cm_exit(self, cm, cm_exit):
        def _exit_wrapper(exc_type, exc, tb):
            return cm_exit(cm, exc_type, exc, tb)
        _exit_wrapper.__self__ = cm
        self._exit_callbacks.append(_exit_wrapper)

    def close(self):
        """Immediately unwind the context stack."""
        self.__exit__(None, None, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        frame_exc = _exception_being_handled()
        suppressed_exc = False
        pending_raise = False
        # Callbacks run last-in first-out; each sees the exception left by
        # the ones before it, and may replace or suppress it.
        while self._exit_callbacks:
            callback = self._exit_callbacks.pop()
            try:
                if callback(*exc_details):
                    suppressed_exc = True
                    pending_raise = False
                    exc_details = (None, None, None)
            except BaseException as new_exc:
                _fix_exception_context(new_exc, exc_details[1], frame_exc)
                pending_raise = True
                exc_details = _exc_details(new_exc)
        if pending_raise:
            # Raising sets __context__ to the exception being handled;
            # keep the chain built above instead.
            fixed_context = exc_details[1].__context__
            try:
                raise exc_details[1]
            except BaseException:
                exc_details[1].__context__ = fixed_context
                raise
        return received_exc and suppressed_exc


def _fix_exception_context(new_exc, old_exc, frame_exc):
    """Make old_exc the context of new_exc's chain, as if the callbacks had
    been nested with statements."""
    while True:
        context = new_exc.__context__
        if context is None or context is old_exc:
            return
        if context is frame_exc:
            break
        new_exc = context
    new_exc.__context__ = old_exc
