"""The function a grad-mode context manager returns when used as a decorator
(`@torch.no_grad()`, `@torch.enable_grad()`, `@torch.inference_mode()`, ...):
as in PyTorch it is a plain function made with functools.wraps, so it keeps
the decorated function's __name__, __qualname__, __doc__ and __wrapped__.
`mode` is the context object itself; it may be entered recursively.

A generator function gets a generator function back, as PyTorch's does: the
mode holds while the generator's own code runs (each step, and a value or
exception sent in), and not in the caller's code between two steps."""
import functools

_CO_GENERATOR = 0x20


def _is_generator_function(func):
    code = getattr(func, "__code__", None)
    return code is not None and bool(code.co_flags & _CO_GENERATOR)


def decorate(mode, func):
    if _is_generator_function(func):
        return _decorate_generator(mode, func)

    @functools.wraps(func)
    def decorate_context(*args, **kwargs):
        with mode:
            return func(*args, **kwargs)
    return decorate_context


def _decorate_generator(mode, func):
    @functools.wraps(func)
    def generator_context(*args, **kwargs):
        gen = func(*args, **kwargs)
        try:
            with mode:
                response = gen.send(None)  # runs the body up to its first yield
            while True:
                try:
                    request = yield response
                except GeneratorExit:
                    with mode:
                        gen.close()
                    raise
                except BaseException as exc:
                    with mode:
                        response = gen.throw(exc)
                else:
                    with mode:
                        response = gen.send(request)
        except StopIteration as stop:
            return stop.value
    return generator_context
