"""The tree walks behind named_modules / named_parameters / parameters /
buffers (module.py binds them)."""
from torch.nn.modules import _scope


# Note [Traversal builds lists]: named_modules / named_parameters are
# generators as in PyTorch, but they walk the tree into a list first and
# then yield from it: nested generators per module level cost far more here
# than one list, and parameters() runs every training step (zero_grad, SGD).
# The member lists are cached until the next registration anywhere
# (_scope.structure_changed, leaves_changed); code that edits module._parameters directly
# instead of assigning attributes bypasses that, as it bypasses PyTorch's
# registration hooks.
def _collect_modules(module, memo, prefix, remove_duplicate, out):
    if module in memo:
        return
    if remove_duplicate:
        memo.add(module)
    out.append((prefix, module))
    for name, sub in module._modules.items():
        if sub is not None:
            _collect_modules(sub, memo, prefix + ('.' if prefix else '') + name, remove_duplicate, out)


def _module_list(module, memo, prefix, remove_duplicate):
    out = []
    _collect_modules(module, memo, prefix, remove_duplicate, out)
    return out


def _parameters_of(module):
    return module._parameters.items()


def _buffers_of(module):
    return module._buffers.items()


_members_cache = {}


def _members(root, get_members_fn, prefix, recurse, remove_duplicate):
    # Cached per structure version (Note [Traversal builds lists]): every
    # registration bumps it, so a cached list is the tree's current one.
    # The root is held weakly (a dropped model is freed; its entry goes).
    key = (id(root), get_members_fn, prefix, recurse, remove_duplicate)
    entry = _members_cache.get(key)
    if entry is not None and entry[0]() is root and entry[1] == _scope._leaf_version:
        return entry[2]
    out = _walk_members(root, get_members_fn, prefix, recurse, remove_duplicate)
    _members_cache[key] = (_scope._weakref(root, _forget(key)), _scope._leaf_version, out)
    return out


def _forget(key):
    def drop(r):
        entry = _members_cache.get(key)
        if entry is not None and entry[0] is r:
            del _members_cache[key]
    return drop


def _walk_members(root, get_members_fn, prefix, recurse, remove_duplicate):
    memo = set()
    out = []
    modules = _module_list(root, set(), prefix, remove_duplicate) if recurse else [(prefix, root)]
    for module_prefix, module in modules:
        for k, v in get_members_fn(module):
            if v is None or v in memo:
                continue
            if remove_duplicate:
                memo.add(v)
            out.append((module_prefix + ('.' if module_prefix else '') + k, v))
    return out


def set_submodule(self, target, module, strict=False):
    """Module.set_submodule: replaces (or, unless strict, adds) the submodule
    at a dotted path; the parent is found with get_submodule, so a missing or
    non-module step raises its errors."""
    from torch.nn.modules.module import Module
    if target == '':
        raise ValueError('Cannot set the submodule without a target name!')
    if not isinstance(module, Module):
        raise ValueError('`module` is not an nn.Module, found ' + str(type(module)))
    parent_path, _, name = target.rpartition('.')
    parent = self.get_submodule(parent_path)
    if strict and not hasattr(parent, name):
        raise AttributeError(parent._get_name() + ' has no attribute `' + name + '`')
    if hasattr(parent, name) and not isinstance(getattr(parent, name), Module):
        raise AttributeError('`' + name + '` is not an nn.Module')
    setattr(parent, name, module)
