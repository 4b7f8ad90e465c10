"""The function a grad-mode context manager returns when used as a decorator
(`@torch.no_grad()`, `@torch.enable_grad()`, `@torch.inference_mode()`, ...):
as in PyTorch it is a plain function made with functools.wraps, so it keeps
the decorated function's __name__, __qualname__, __doc__ and __wrapped__.
`mode` is the context object itself; it may be entered recursively."""
import functools


def decorate(mode, func):
    @functools.wraps(func)
    def decorate_context(*args, **kwargs):
        with mode:
            return func(*args, **kwargs)
    return decorate_context
