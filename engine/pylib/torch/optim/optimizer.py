"""torch.optim.optimizer: the Optimizer base class, the global step hooks and
the helpers every algorithm shares. See docs/optim.md.

Written from PyTorch 2.15's documented behaviour: parameter groups with
per-group options, per-parameter state in a defaultdict keyed by the
Parameter, step pre/post hooks (global ones first before the step, last
after it), state_dict / load_state_dict in PyTorch's format (in
_optimizer_state.py) and PyTorch's error texts.
"""
from collections import OrderedDict, defaultdict

import torch
from torch.nn.modules._hooks import RemovableHandle
from torch.nn.modules.module import _typename
from torch.optim import _optimizer_state

try:
    import _backstep_steps as _steps
except ImportError:
    _steps = None

__all__ = ['Optimizer', 'register_optimizer_step_pre_hook', 'register_optimizer_step_post_hook']

_global_optimizer_pre_hooks = OrderedDict()
_global_optimizer_post_hooks = OrderedDict()


class _RequiredParameter:
    """Singleton class representing a required parameter for an Optimizer."""

    def __repr__(self):
        return '<required parameter>'


required = _RequiredParameter()


def _use_grad_for_differentiable(func):
    """Runs an optimizer's step with grad mode set to its `differentiable`
    default (off unless differentiable=True), restoring it afterwards."""
    def _use_grad(*args, **kwargs):
        prev_grad = torch.is_grad_enabled()
        try:
            torch.set_grad_enabled(args[0].defaults['differentiable'])
            ret = func(*args, **kwargs)
        finally:
            torch.set_grad_enabled(prev_grad)
        return ret
    _use_grad.__name__ = func.__name__
    _use_grad.__qualname__ = func.__qualname__
    _use_grad.__doc__ = func.__doc__
    _use_grad._backstep_without_grad_mode = func  # Note [One wrapper per step]
    return _use_grad


def _check_singleton_tensors(values, name='state_steps'):
    """The functional forms' guard against the old API (plain numbers as
    steps); PyTorch's text."""
    Tensor = torch.Tensor
    for t in values:
        if not isinstance(t, Tensor):
            raise RuntimeError(f'API has changed, `{name}` argument must contain a list of singleton tensors')


def _get_value(x):
    return x.item() if isinstance(x, torch.Tensor) else x


def _to_scalar(x):
    if isinstance(x, torch.Tensor) and x.dim() != 0:
        return x.squeeze()
    return x


def _get_scalar_dtype(is_fused=None):
    if is_fused:
        return torch.float32
    return torch.float64 if torch.get_default_dtype() == torch.float64 else torch.float32


def _capturable_supported_devices(supports_xla=True):
    devices = ['cuda', 'xpu', 'hpu', 'privateuseone']
    if supports_xla:
        devices.append('xla')
    return devices


def _check_capturable_device(param, step_t, supports_xla=True):
    """capturable=True needs a graph-capturing accelerator; PyTorch's text."""
    devices = _capturable_supported_devices(supports_xla)
    if not (param.device.type == step_t.device.type and param.device.type in devices):
        raise AssertionError(
            f'If capturable=True, params and state_steps must be on supported devices: {devices}.')


def _new_step(capturable_or_fused, p, is_fused=None):
    """The per-parameter step counter: a 0-dim float tensor on the CPU (on
    the parameter's device when capturable or fused)."""
    if capturable_or_fused:
        return torch.zeros((), dtype=_get_scalar_dtype(is_fused=is_fused), device=p.device)
    return torch.tensor(0.0, dtype=_get_scalar_dtype())


def _set_group_defaults(self, **defaults):
    """__setstate__ for a state saved by an older PyTorch: options a group
    lacks get their defaults (in the order given, as PyTorch adds them)."""
    for group in self.param_groups:
        for key, value in defaults.items():
            group.setdefault(key, value)


def _gather_group(self, group, name, buffer_names, params_with_grad, grads, buffers, state_steps):
    """The _init_group of optimizers whose state is a step and zero-started
    buffers (Adadelta, Adamax, RAdam): collects the parameters that have a
    gradient, their gradients, each buffer (created on first use, after
    'step', in PyTorch's key order) and their steps. Says whether any
    parameter is complex."""
    has_complex = False
    for p in group['params']:
        if p.grad is None:
            continue
        has_complex |= torch.is_complex(p)
        params_with_grad.append(p)
        if p.grad.is_sparse:
            raise RuntimeError(f'{name} does not support sparse gradients')
        grads.append(p.grad)
        state = self.state[p]
        if len(state) == 0:
            state['step'] = _new_step(group['capturable'], p)
            for key in buffer_names:
                state[key] = torch.zeros_like(p, memory_format=torch.preserve_format)
        for key, out in zip(buffer_names, buffers):
            out.append(state[key])
        state_steps.append(state['step'])
    return has_complex


def _tensor_steps_in_state(self, capturable_key='capturable'):
    """__setstate__ for state saved with float steps: make them tensors."""
    for group in self.param_groups:
        for p in group['params']:
            p_state = self.state.get(p, [])
            if len(p_state) != 0 and not torch.is_tensor(p_state['step']):
                step_val = float(p_state['step'])
                if group.get(capturable_key):
                    p_state['step'] = torch.tensor(step_val, dtype=_get_scalar_dtype(), device=p.device)
                else:
                    p_state['step'] = torch.tensor(step_val, dtype=_get_scalar_dtype())


def _check_lr(lr):
    if isinstance(lr, torch.Tensor) and lr.numel() != 1:
        raise ValueError('Tensor lr must be 1-element')
    if not 0.0 <= lr:
        raise ValueError(f'Invalid learning rate: {lr}')


def _check_betas(betas):
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f'Invalid beta parameter at index 0: {betas[0]}')
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f'Invalid beta parameter at index 1: {betas[1]}')


def _check_nonnegative(name, value):
    if not 0.0 <= value:
        raise ValueError(f'Invalid {name} value: {value}')


def register_optimizer_step_pre_hook(hook):
    handle = RemovableHandle(_global_optimizer_pre_hooks)
    _global_optimizer_pre_hooks[handle.id] = hook
    return handle


def register_optimizer_step_post_hook(hook):
    handle = RemovableHandle(_global_optimizer_post_hooks)
    _global_optimizer_post_hooks[handle.id] = hook
    return handle


def _run_pre_hooks(self, func, args, kwargs):
    for hooks in (_global_optimizer_pre_hooks, self._optimizer_step_pre_hooks):
        for pre_hook in list(hooks.values()):
            result = pre_hook(self, args, kwargs)
            if result is not None:
                if isinstance(result, tuple) and len(result) == 2:
                    args, kwargs = result
                else:
                    raise RuntimeError(
                        f'{func} must return None or a tuple of (new_args, new_kwargs), but got {result}.')
    return args, kwargs


def _profile_hook_step(func):
    """Wraps a class's step: pre hooks (global, then the optimizer's), the
    step, post hooks (the optimizer's, then global), then tells the debugger
    (Note [Optimizer steps and the debugger])."""
    # Note [One wrapper per step]: PyTorch's step is two wrappers deep (the
    # hooks around _use_grad_for_differentiable's grad-mode switch). A step
    # made by _use_grad_for_differentiable is unwrapped here and its grad
    # mode set in this one wrapper, in the same order (hooks outside the
    # switch): one interpreted call less per step.
    inner = getattr(func, '_backstep_without_grad_mode', None)

    def wrapper(*args, **kwargs):
        self = args[0]
        if _global_optimizer_pre_hooks or self._optimizer_step_pre_hooks:
            args, kwargs = _run_pre_hooks(self, func, args, kwargs)
        if inner is None:
            out = func(*args, **kwargs)
        else:
            prev_grad = torch.is_grad_enabled()
            try:
                torch.set_grad_enabled(args[0].defaults['differentiable'])
                out = inner(*args, **kwargs)
            finally:
                torch.set_grad_enabled(prev_grad)
        if self._optimizer_step_post_hooks or _global_optimizer_post_hooks:
            for hooks in (self._optimizer_step_post_hooks, _global_optimizer_post_hooks):
                for post_hook in list(hooks.values()):
                    post_hook(self, args, kwargs)
        # Note [Optimizer steps and the debugger]: the native _backstep_steps
        # module (when present) counts steps and reads param_groups / state
        # for `:params` and step breakpoints; see docs/optim.md.
        if _steps is not None:
            _steps.optimizer_stepped(self)
        return out
    wrapper.__name__ = func.__name__
    wrapper.__qualname__ = func.__qualname__
    wrapper.__doc__ = func.__doc__
    wrapper.hooked = True
    return wrapper


class Optimizer:
    """Base class for all optimizers."""

    def __init__(self, params, defaults):
        self.defaults = defaults
        self._optimizer_step_pre_hooks = OrderedDict()
        self._optimizer_step_post_hooks = OrderedDict()
        self._optimizer_state_dict_pre_hooks = OrderedDict()
        self._optimizer_state_dict_post_hooks = OrderedDict()
        self._optimizer_load_state_dict_pre_hooks = OrderedDict()
        self._optimizer_load_state_dict_post_hooks = OrderedDict()
        self._patch_step_function()
        if isinstance(params, torch.Tensor):
            raise TypeError('params argument given to the optimizer should be '
                            'an iterable of Tensors or dicts, but got ' + _typename(params))
        elif isinstance(params, set):
            import warnings
            warnings.warn('optimizer parameters need to be organized in ordered collections, but '
                          'the ordering of tensors in sets will change between runs. Please use a '
                          'list instead. This will be an error in a future release.',
                          FutureWarning, stacklevel=2)
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError('optimizer got an empty parameter list')
        if not isinstance(param_groups[0], dict):
            param_groups = [{'params': param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)
        self._warned_capturable_if_run_uncaptured = True
        if _steps is not None:
            _steps.optimizer_created()  # a training loop: log lines name their step

    def __getstate__(self):
        return {'defaults': self.defaults, 'state': self.state, 'param_groups': self.param_groups}

    def __setstate__(self, state):
        for key, value in state.items():
            setattr(self, key, value)
        for name in ('_optimizer_step_pre_hooks', '_optimizer_step_post_hooks',
                     '_optimizer_state_dict_pre_hooks', '_optimizer_state_dict_post_hooks',
                     '_optimizer_load_state_dict_pre_hooks', '_optimizer_load_state_dict_post_hooks'):
            if not hasattr(self, name):
                setattr(self, name, OrderedDict())
        self._patch_step_function()
        self.defaults.setdefault('differentiable', False)

    def __repr__(self):
        format_string = self.__class__.__name__ + ' ('
        for i, group in enumerate(self.param_groups):
            format_string += '\n'
            format_string += f'Parameter Group {i}\n'
            for key in sorted(group.keys()):
                if key != 'params':
                    format_string += f'    {key}: {group[key]}\n'
        format_string += ')'
        return format_string

    def _accelerator_graph_capture_health_check(self):
        """No accelerator graph capture on this machine's CPU path: nothing to check."""

    def _optimizer_step_code(self):
        """Entry point PyTorch's profiler hooks; nothing here."""

    profile_hook_step = staticmethod(_profile_hook_step)

    def _patch_step_function(self):
        self._zero_grad_profile_name = f'Optimizer.zero_grad#{self.__class__.__name__}.zero_grad'
        cls = self.__class__
        if not getattr(cls.step, 'hooked', None):
            cls.step = _profile_hook_step(cls.step)

    def register_step_pre_hook(self, hook):
        handle = RemovableHandle(self._optimizer_step_pre_hooks)
        self._optimizer_step_pre_hooks[handle.id] = hook
        return handle

    def register_step_post_hook(self, hook):
        handle = RemovableHandle(self._optimizer_step_post_hooks)
        self._optimizer_step_post_hooks[handle.id] = hook
        return handle

    register_state_dict_pre_hook = _optimizer_state.register_state_dict_pre_hook
    register_state_dict_post_hook = _optimizer_state.register_state_dict_post_hook
    register_load_state_dict_pre_hook = _optimizer_state.register_load_state_dict_pre_hook
    register_load_state_dict_post_hook = _optimizer_state.register_load_state_dict_post_hook
    state_dict = _optimizer_state.state_dict
    load_state_dict = _optimizer_state.load_state_dict
    _process_value_according_to_param_policy = staticmethod(_optimizer_state.process_value_according_to_param_policy)

    def zero_grad(self, set_to_none=True):
        foreach = self.defaults.get('foreach', False) or self.defaults.get('fused', False)
        if not hasattr(self, '_zero_grad_profile_name'):
            self._patch_step_function()
        foreach_grads = {}  # (device, dtype) -> grads, in first-seen order
        for group in self.param_groups:
            for p in group['params']:
                grad = p.grad
                if grad is None:
                    continue
                if set_to_none:
                    p.grad = None
                    continue
                if grad.grad_fn is not None:
                    grad.detach_()
                else:
                    grad.requires_grad_(False)
                if not foreach or grad.is_sparse:
                    grad.zero_()
                else:
                    foreach_grads.setdefault((str(grad.device), grad.dtype), []).append(grad)
        for grads in foreach_grads.values():
            torch._foreach_zero_(grads)

    def step(self, closure=None):
        raise NotImplementedError

    def add_param_group(self, param_group):
        _optimizer_state.add_param_group(self, param_group, required)
