"""torch.nn.utils.stateless: calling a module with other tensors in place of
its parameters and buffers, for the duration of one call.

Each named tensor ("layer.weight") is swapped into the submodule that owns
it -- into its _parameters or _buffers entry, or as a plain attribute -- the
module is called, and the originals go back afterwards, also when the call
raises. The module builds its graph from the given tensors, so gradients
flow to them and not to the module's own parameters.

`functional_call` here is the deprecated spelling (a FutureWarning, as
PyTorch 2.x gives); torch.func.functional_call is the current one."""
import warnings

import torch

__all__ = ["functional_call"]

_MISSING = object()


def _owner(module, path):
    """The submodule holding `path`'s last component, and that name."""
    *prefix, name = path.split(".")
    for part in prefix:
        module = getattr(module, part)
    return module, name


def _swap_tensor(module, name, tensor):
    """Puts `tensor` (or _MISSING: removes it) under `name`; returns what was there."""
    if tensor is not _MISSING and tensor is not None and not isinstance(tensor, torch.Tensor):
        raise TypeError(f"{tensor} is not an instance of torch.Tensor")
    for table in (module._parameters, module._buffers):
        if name in table:
            original = table[name]
            if tensor is _MISSING:
                del table[name]
            else:
                table[name] = tensor
            return original
    original = getattr(module, name) if hasattr(module, name) else _MISSING
    if original is not _MISSING and original is not None and not isinstance(original, torch.Tensor):
        raise TypeError(f"attribute `{name}`: {original} is not an instance of torch.Tensor")
    if tensor is not _MISSING:
        setattr(module, name, tensor)
    elif hasattr(module, name):
        delattr(module, name)
    return original


def _swap_all(module, named_tensors):
    originals = {}
    try:
        for path, tensor in named_tensors.items():
            owner, name = _owner(module, path)
            originals[path] = _swap_tensor(owner, name, tensor)
    except Exception:
        _restore(module, originals)
        raise
    return originals


def _restore(module, originals):
    current = {}
    for path, tensor in originals.items():
        owner, name = _owner(module, path)
        current[path] = _swap_tensor(owner, name, tensor)
    return current


def _all_named_tensors(module):
    named = dict(module.named_parameters(remove_duplicate=False))
    named.update(module.named_buffers(remove_duplicate=False))
    return named


def _tie(module, given):
    """Tied tensors (one tensor under several names) stay tied: a value given
    for one name goes to all of them; different values for them are refused."""
    names_of = {}
    for name, tensor in _all_named_tensors(module).items():
        names_of.setdefault(id(tensor), set()).add(name)
    tied = {}
    for names in names_of.values():
        if len(names) > 1:
            for name in names:
                tied[name] = names
    given_tied = {name for name in given if name in tied}
    for name in given_tied:
        names = tied[name]
        values = {id(given[n]) for n in names if n in given}
        if len(names & given_tied) > 1 and len(values) != 1:
            raise ValueError(f"functional_call got multiple values for keys {sorted(names)}, "
                             f"which are tied. Consider using tie_weights=False")
    untied = dict(given)
    for name in given_tied:
        for other in tied[name]:
            untied[other] = given[name]
    return untied


def _check_keys(module, named):
    valid = set(_all_named_tensors(module))
    keys = set(named)
    messages = []
    unexpected = sorted(keys - valid)
    missing = sorted(valid - keys)
    if unexpected:
        messages.append(f"Unexpected key(s): {', '.join(map(repr, unexpected))}.")
    if missing:
        messages.append(f"Missing key(s): {', '.join(map(repr, missing))}.")
    if messages:
        raise RuntimeError("Error(s) in reparametrizing for {}:\n\t{}".format(module._get_name(), "\n\t".join(messages)))


def _functional_call(module, parameters_and_buffers, args=None, kwargs=None, *, tie_weights=True, strict=False):
    if kwargs is None:
        kwargs = {}
    if args is None:
        args = ()
    elif not isinstance(args, tuple):
        args = (args,)
    named = _tie(module, parameters_and_buffers) if tie_weights else parameters_and_buffers
    if strict:
        _check_keys(module, named)
    originals = _swap_all(module, named)
    try:
        return module(*args, **kwargs)
    finally:
        # What the call left in the module (a tensor it rebound, such as a
        # running statistic) goes back to the caller's dict.
        after = _restore(module, originals)
        for key in parameters_and_buffers:
            if key in after:
                parameters_and_buffers[key] = after[key]


def functional_call(module, parameters_and_buffers, args=None, kwargs=None, *, tie_weights=True, strict=False):
    """Calls `module` with `parameters_and_buffers` (a dict of name -> tensor)
    in place of its own. Deprecated: use torch.func.functional_call."""
    warnings.warn("`torch.nn.utils.stateless.functional_call` is deprecated as of PyTorch 2.0 and will be removed "
                  "in a future version of PyTorch. Please use `torch.func.functional_call` instead which is a "
                  "drop-in replacement.", FutureWarning, stacklevel=2)
    return _functional_call(module, parameters_and_buffers, args, kwargs, tie_weights=tie_weights, strict=strict)
