"""A package with a module-level __getattr__ and __dir__ (PEP 562)."""
import warnings

_deprecated = {"old_scale": 2.5}
calls = []
value = 1


def __getattr__(name):
    calls.append(name)
    if name in _deprecated:
        return _deprecated[name] * 2
    if name == "lazy_tensor":
        import torch
        return torch.arange(3.0)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return ["value", "old_scale", "lazy_tensor"]
