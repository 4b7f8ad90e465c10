"""Module scopes for the debugger: every Module call runs inside
_backstep_nn.enter_module(path, type name) ... exit_module(), so each autograd
node records the module that made it, and parameter and buffer leaves are
named by their path (_backstep_nn.name_parameter).

Note [Module scopes]
A path is the module's dotted name from the outermost module being called
(the root, path ""). At a root call the tree is walked once (named_modules)
into a map id(module) -> path, cached per root and dropped when any module's
children change (structure_changed bumps a version). Replacing a parameter
or buffer (leaves_changed) keeps the paths and only names the leaves again.
Calls nested inside the root look their path up in that map; a module the
root does not own (or reaches only as a stray object) is named after its
caller's path plus its type name, the best path available. Parameters and
buffers are named when a root's map is built, by the largest tree owning
them (so calling model.fc1 alone keeps the name "fc1.weight").
"""
import _backstep_nn
from _weakref import ref as _weakref

_enter = _backstep_nn.enter_module
_exit = _backstep_nn.exit_module
_name_parameter = _backstep_nn.name_parameter

_version = 0          # bumped by structure_changed
_leaf_version = 0     # bumped by structure_changed and leaves_changed
_caches = {}          # id(root) -> (weakref to root, version, paths, leaf version)
_leaf_owner = {}      # id(leaf) -> (leaf, size of the tree that named it)


def structure_changed():
    """A module's children changed: paths, members and leaf names are stale."""
    global _version, _leaf_version
    _version += 1
    _leaf_version += 1


def leaves_changed():
    """A parameter or buffer was (re)placed: members and leaf names are stale,
    module paths are not."""
    global _leaf_version
    _leaf_version += 1


def _forget(key):
    # The cache holds its roots weakly: a model the program drops is freed
    # (its __del__ and weakref callbacks run), and its entry goes with it.
    def drop(r):
        entry = _caches.get(key)
        if entry is not None and entry[0] is r:
            del _caches[key]
    return drop


def _paths_for(root):
    key = id(root)
    entry = _caches.get(key)
    if entry is not None and entry[0]() is root and entry[1] == _version:
        if entry[3] != _leaf_version:
            _name_leaves(root, len(entry[2]))
            _caches[key] = (entry[0], _version, entry[2], _leaf_version)
        return entry[2]
    paths = {}
    for name, module in root.named_modules():
        paths[id(module)] = name
    _caches[key] = (_weakref(root, _forget(key)), _version, paths, _leaf_version)
    _name_leaves(root, len(paths))
    return paths


def _name_leaves(root, tree_size):
    # The largest tree that owns a leaf names it: calling model.fc1 on its
    # own must not rename model's "fc1.weight" to "weight".
    for named in (root.named_parameters(), root.named_buffers()):
        for name, t in named:
            owner = _leaf_owner.get(id(t))
            if owner is None or owner[0] is not t or owner[1] <= tree_size:
                _leaf_owner[id(t)] = (t, tree_size)
                _name_parameter(t, name)


def _stray_path(module):
    outer = _backstep_nn.module_path()
    name = type(module).__name__
    return outer + '.' + name if outer else name
