"""Module's backward-hook registration (bound into the class body in
module.py): full hooks and pre-hooks, the deprecated non-full kind, and the
lists _call_hooks.py runs, the global hooks first."""
from torch.nn.modules import _hooks
from torch.nn.modules._hooks import RemovableHandle, _global_backward_hooks, _global_backward_pre_hooks


def register_full_backward_pre_hook(self, hook, prepend=False):
    handle = RemovableHandle(self._backward_pre_hooks)
    self._backward_pre_hooks[handle.id] = hook
    if prepend:
        self._backward_pre_hooks.move_to_end(handle.id, last=False)
    return handle


def register_backward_hook(self, hook):
    _set_backward_kind(self, False)
    handle = RemovableHandle(self._backward_hooks)
    self._backward_hooks[handle.id] = hook
    return handle


def register_full_backward_hook(self, hook, prepend=False):
    _set_backward_kind(self, True)
    handle = RemovableHandle(self._backward_hooks)
    self._backward_hooks[handle.id] = hook
    if prepend:
        self._backward_hooks.move_to_end(handle.id, last=False)
    return handle


def _set_backward_kind(self, full):
    if self._is_full_backward_hook is (not full):
        raise RuntimeError('Cannot use both regular backward hooks and full backward hooks on a '
                           'single Module. Please use only one of them.')
    self._is_full_backward_hook = full


def _get_backward_hooks(self):
    """(full hooks, legacy hooks) of this module, the global ones first."""
    full, legacy = [], []
    if _hooks._global_is_full_backward_hook is True:
        full += _global_backward_hooks.values()
    if self._is_full_backward_hook is True:
        full += self._backward_hooks.values()
    if _hooks._global_is_full_backward_hook is False:
        legacy += _global_backward_hooks.values()
    if self._is_full_backward_hook is False:
        legacy += self._backward_hooks.values()
    return full, legacy


def _get_backward_pre_hooks(self):
    return [*_global_backward_pre_hooks.values(), *self._backward_pre_hooks.values()]
