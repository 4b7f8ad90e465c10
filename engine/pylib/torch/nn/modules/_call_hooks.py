"""Module.__call__ with forward pre-hooks and hooks and backward hooks, run
as PyTorch runs them (module.py calls it only while a hook is registered)."""
import warnings

import torch
from torch.nn.modules._hooks import (
    _global_forward_hooks,
    _global_forward_hooks_always_called,
    _global_forward_hooks_with_kwargs,
    _global_forward_pre_hooks,
)


def _call_with_hooks(self, args, kwargs):
    """The call with forward pre-hooks and hooks, as PyTorch runs them."""
    result = None
    called_always = set()
    try:
        full_hooks, legacy_hooks = self._get_backward_hooks()
        pre_hooks = self._get_backward_pre_hooks()
        for hook_id, hook in (*_global_forward_pre_hooks.items(), *self._forward_pre_hooks.items()):
            if hook_id in self._forward_pre_hooks_with_kwargs:
                args_kwargs = hook(self, args, kwargs)
                if args_kwargs is not None:
                    if isinstance(args_kwargs, tuple) and len(args_kwargs) == 2:
                        args, kwargs = args_kwargs
                    else:
                        raise RuntimeError('forward pre-hook must return None or a tuple '
                                           f'of (new_args, new_kwargs), but got {args_kwargs}.')
            else:
                args_result = hook(self, args)
                if args_result is not None:
                    if not isinstance(args_result, tuple):
                        args_result = (args_result,)
                    args = args_result
        bw_hook = None
        if full_hooks or pre_hooks:
            # Note [Full backward hooks] in torch/utils/hooks.py
            from torch.utils.hooks import BackwardHook
            bw_hook = BackwardHook(self, full_hooks, pre_hooks)
            args = bw_hook.setup_input_hook(args)
        result = self.forward(*args, **kwargs)
        for hook_id, hook in (*_global_forward_hooks.items(), *self._forward_hooks.items()):
            if hook_id in self._forward_hooks_always_called or hook_id in _global_forward_hooks_always_called:
                called_always.add(hook_id)
            if hook_id in self._forward_hooks_with_kwargs or hook_id in _global_forward_hooks_with_kwargs:
                hook_result = hook(self, args, kwargs, result)
            else:
                hook_result = hook(self, args, result)
            if hook_result is not None:
                result = hook_result
        if bw_hook:
            if not isinstance(result, (torch.Tensor, tuple)):
                warnings.warn('For backward hooks to be called, module output should be a Tensor '
                              f'or a tuple of Tensors but received {type(result)}', stacklevel=2)
            result = bw_hook.setup_output_hook(result)
        if legacy_hooks:
            from torch.nn.modules._legacy_backward_hooks import attach_legacy_backward_hooks
            attach_legacy_backward_hooks(self, legacy_hooks, args, result)
        return result
    except Exception:
        _run_always_called_hooks(self, args, kwargs, result, called_always)
        raise


def _run_always_called_hooks(self, args, kwargs, result, called_always):
    for hook_id, hook in _global_forward_hooks.items():
        if hook_id in _global_forward_hooks_always_called and hook_id not in called_always:
            try:
                hook_result = hook(self, args, result)
                if hook_result is not None:
                    result = hook_result
            except Exception as e:
                warnings.warn('global module forward hook with ``always_call=True`` raised an exception '
                              f'that was silenced as another error was raised in forward: {str(e)}', stacklevel=2)
    for hook_id, hook in self._forward_hooks.items():
        if hook_id in self._forward_hooks_always_called and hook_id not in called_always:
            try:
                if hook_id in self._forward_hooks_with_kwargs:
                    hook_result = hook(self, args, kwargs, result)
                else:
                    hook_result = hook(self, args, result)
                if hook_result is not None:
                    result = hook_result
            except Exception as e:
                warnings.warn('module forward hook with ``always_call=True`` raised an exception '
                              f'that was silenced as another error was raised in forward: {str(e)}', stacklevel=2)
