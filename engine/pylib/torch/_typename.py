"""torch.typename(obj): the fully qualified name of what an object is -- a
tensor's legacy type string ("torch.FloatTensor"), a class's or function's
module and qualified name, otherwise its class's (builtins go unqualified)."""
import torch


def typename(obj, /):
    if isinstance(obj, torch.Tensor):
        return obj.type()
    module = getattr(obj, "__module__", "") or ""
    if hasattr(obj, "__qualname__"):
        qualname = obj.__qualname__
    elif hasattr(obj, "__name__"):
        qualname = obj.__name__
    else:
        module = obj.__class__.__module__ or ""
        qualname = obj.__class__.__qualname__
    if module in ("", "builtins"):
        return qualname
    return module + "." + qualname


typename.__module__ = "torch"  # where PyTorch defines it
