"""Hook handles and the module-global hooks
(torch.nn.modules.module.register_module_forward_hook / _pre_hook,
register_module_full_backward_hook / _pre_hook, register_module_backward_hook)."""
from collections import OrderedDict

_global_forward_pre_hooks = OrderedDict()
_global_forward_hooks = OrderedDict()
_global_forward_hooks_with_kwargs = OrderedDict()
_global_forward_hooks_always_called = OrderedDict()
_global_backward_pre_hooks = OrderedDict()
_global_backward_hooks = OrderedDict()
# True once a full global backward hook is registered, False once a legacy
# one is: the two kinds never mix.
_global_is_full_backward_hook = None

# Note [Counting live hooks]: how many hooks registered through a handle are
# still in place, anywhere. Module.__call__ skips its per-module hook checks
# while this is 0. A hook put into a module's hook dict by hand, without a
# handle, is not counted (PyTorch offers no such way; its own code registers
# through handles).
live_hooks = [0]


class RemovableHandle:
    """A handle that removes a hook from the dicts it was registered in."""

    next_id = 0

    def __init__(self, hooks_dict, *, extra_dict=None):
        self.hooks_dict_ref = hooks_dict
        live_hooks[0] += 1
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1
        if extra_dict is None:
            self.extra_dict_ref = ()
        elif isinstance(extra_dict, dict):
            self.extra_dict_ref = (extra_dict,)
        else:
            self.extra_dict_ref = tuple(extra_dict)

    def remove(self):
        if self.id in self.hooks_dict_ref:
            del self.hooks_dict_ref[self.id]
            live_hooks[0] -= 1
        for d in self.extra_dict_ref:
            if self.id in d:
                del d[self.id]

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()


RemovableHandle.__module__ = 'torch.utils.hooks'


def register_module_forward_pre_hook(hook):
    handle = RemovableHandle(_global_forward_pre_hooks)
    _global_forward_pre_hooks[handle.id] = hook
    return handle


def register_module_forward_hook(hook, *, with_kwargs=False, always_call=False):
    handle = RemovableHandle(_global_forward_hooks,
                             extra_dict=[_global_forward_hooks_with_kwargs, _global_forward_hooks_always_called])
    _global_forward_hooks[handle.id] = hook
    if with_kwargs:
        _global_forward_hooks_with_kwargs[handle.id] = True
    if always_call:
        _global_forward_hooks_always_called[handle.id] = True
    return handle


def register_module_full_backward_pre_hook(hook):
    handle = RemovableHandle(_global_backward_pre_hooks)
    _global_backward_pre_hooks[handle.id] = hook
    return handle


def _set_global_backward_kind(full):
    global _global_is_full_backward_hook
    if _global_is_full_backward_hook is (not full):
        raise RuntimeError('Cannot use both regular backward hooks and full backward hooks as a '
                           'global Module hook. Please use only one of them.')
    _global_is_full_backward_hook = full


def register_module_full_backward_hook(hook):
    _set_global_backward_kind(True)
    handle = RemovableHandle(_global_backward_hooks)
    _global_backward_hooks[handle.id] = hook
    return handle


def register_module_backward_hook(hook):
    _set_global_backward_kind(False)
    handle = RemovableHandle(_global_backward_hooks)
    _global_backward_hooks[handle.id] = hook
    return handle
