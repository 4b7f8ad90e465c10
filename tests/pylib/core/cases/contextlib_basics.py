# contextlib: contextmanager, suppress, nullcontext, closing, ExitStack,
# redirect_stdout, ContextDecorator.
import contextlib
import sys
from contextlib import (contextmanager, suppress, nullcontext, closing,
                        ExitStack, redirect_stdout, ContextDecorator,
                        AbstractContextManager)


@contextmanager
def tag(name):
    print('<%s>' % name)
    try:
        yield name.upper()
    finally:
        print('</%s>' % name)


with tag('b') as value:
    print('inside', value)

with tag('outer'), tag('inner') as v:
    print('nested', v)

try:
    with tag('err'):
        raise ValueError('boom')
except ValueError as e:
    print('caught', e)


@contextmanager
def swallow(kind):
    try:
        yield
    except kind as e:
        print('swallowed', type(e).__name__, e)


with swallow(KeyError):
    {}['missing']
print('after swallow')
try:
    with swallow(KeyError):
        raise TypeError('not swallowed')
except TypeError as e:
    print('propagated', e)


@contextmanager
def no_yield():
    if False:
        yield


@contextmanager
def two_yields():
    yield 1
    yield 2


@contextmanager
def ignores_error():
    try:
        yield
    except Exception:
        yield


for cm in (no_yield, two_yields):
    try:
        with cm():
            pass
    except RuntimeError as e:
        print('RuntimeError', e)
try:
    with ignores_error():
        raise ValueError('x')
except RuntimeError as e:
    print('RuntimeError', e)


@contextmanager
def translate():
    try:
        yield
    except KeyError as e:
        raise LookupError('translated %s' % e) from e


try:
    with translate():
        raise KeyError('k')
except LookupError as e:
    print(type(e).__name__, e, type(e.__cause__).__name__)


@contextmanager
def passthrough():
    yield


try:
    with passthrough():
        raise StopIteration('stop')
except StopIteration as e:
    print('StopIteration passed through:', e)


# contextmanager objects as decorators.
@tag('decorated')
def work(x):
    print('working', x)
    return x * 2


print(work(3), work(4), work.__name__)
print(tag.__name__, tag.__doc__, type(tag('x')).__name__)

# suppress
with suppress(KeyError, IndexError):
    [][1]
print('suppressed')
with suppress():
    pass
try:
    with suppress(KeyError):
        1 / 0
except ZeroDivisionError as e:
    print('ZeroDivisionError', e)
with suppress(LookupError):
    {}['x']
print('suppressed subclass')

# nullcontext and closing
with nullcontext() as nothing:
    print('nullcontext gives', nothing)
with nullcontext(42) as answer:
    print(answer)


class Resource:
    def close(self):
        print('closed resource')


with closing(Resource()) as res:
    print(type(res).__name__)


# redirect_stdout to any object with write().
class Collector:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)

    def flush(self):
        pass


collector = Collector()
with redirect_stdout(collector) as target:
    print('captured line')
    print('second', 2)
print(target is collector, ''.join(collector.parts).splitlines())

# ExitStack
with ExitStack() as stack:
    names = [stack.enter_context(tag(n)) for n in ('one', 'two')]
    stack.callback(print, 'callback', 'args', sep='-')
    print('body', names)

stack = ExitStack()
stack.callback(print, 'deferred')
moved = stack.pop_all()
stack.close()
print('moved has work')
moved.close()


def suppressing_exit(exc_type, exc, tb):
    print('exit sees', exc_type.__name__ if exc_type else None)
    return True


with ExitStack() as stack:
    stack.push(suppressing_exit)
    raise ValueError('suppressed by stack')
print('stack suppressed it')


def raising_callback():
    raise KeyError('from callback')


try:
    with ExitStack() as stack:
        stack.callback(raising_callback)
        raise ValueError('original')
except KeyError as e:
    print('KeyError', e, 'context:', type(e.__context__).__name__,
          e.__context__)

try:
    with ExitStack() as stack:
        stack.enter_context(42)
except TypeError as e:
    print('TypeError', e)


class Manager:
    def __enter__(self):
        print('Manager enter')
        return self

    def __exit__(self, *exc):
        print('Manager exit', exc[0])
        return False


with ExitStack() as stack:
    m = stack.push(Manager())
    print(type(m).__name__)
print(isinstance(Manager(), AbstractContextManager),
      isinstance(object(), AbstractContextManager),
      issubclass(ExitStack, AbstractContextManager))


class Timer(ContextDecorator):
    def __enter__(self):
        print('start')
        return self

    def __exit__(self, *exc):
        print('stop')
        return False


@Timer()
def timed():
    print('timed body')
    return 'done'


print(timed())
with Timer():
    print('as with')
