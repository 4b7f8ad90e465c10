"""Module.state_dict / load_state_dict and their hooks, bound into
nn.Module's class body (module.py). Keys, metadata and error texts are
PyTorch's."""
from collections import OrderedDict, namedtuple

import torch
from torch.nn.modules._hooks import RemovableHandle
from torch.nn.parameter import is_lazy

_EXTRA_STATE_KEY_SUFFIX = '_extra_state'


class _IncompatibleKeys(namedtuple('IncompatibleKeys', ['missing_keys', 'unexpected_keys'])):
    __slots__ = ()

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return '<All keys matched successfully>'
        return super().__repr__()

    __str__ = __repr__


def _module_class():
    from torch.nn.modules.module import Module
    return Module


def get_extra_state(self):
    raise RuntimeError('Reached a code path in Module.get_extra_state() that should never be called. '
                       'Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml '
                       'to report this bug.')


def set_extra_state(self, state):
    raise RuntimeError('Reached a code path in Module.set_extra_state() that should never be called. '
                       'Please file an issue at https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml '
                       'to report this bug.')


def _save_to_state_dict(self, destination, prefix, keep_vars):
    for name, param in self._parameters.items():
        if param is not None:
            destination[prefix + name] = param if keep_vars or is_lazy(param) else param.detach()
    for name, buf in self._buffers.items():
        if buf is not None and name not in self._non_persistent_buffers_set:
            destination[prefix + name] = buf if keep_vars or is_lazy(buf) else buf.detach()
    if type(self).get_extra_state is not _module_class().get_extra_state:
        destination[prefix + _EXTRA_STATE_KEY_SUFFIX] = self.get_extra_state()


def state_dict(self, *args, destination=None, prefix='', keep_vars=False):
    if len(args) > 0:
        if destination is None:
            destination = args[0]
        if len(args) > 1 and prefix == '':
            prefix = args[1]
        if len(args) > 2 and keep_vars is False:
            keep_vars = args[2]
    if destination is None:
        destination = OrderedDict()
        destination._metadata = OrderedDict()
    local_metadata = dict(version=self._version)
    if hasattr(destination, '_metadata'):
        destination._metadata[prefix[:-1]] = local_metadata
    for hook in self._state_dict_pre_hooks.values():
        hook(self, prefix, keep_vars)
    self._save_to_state_dict(destination, prefix, keep_vars)
    for name, module in self._modules.items():
        if module is not None:
            module.state_dict(destination=destination, prefix=prefix + name + '.', keep_vars=keep_vars)
    for hook in self._state_dict_hooks.values():
        hook_result = hook(self, destination, prefix, local_metadata)
        if hook_result is not None:
            raise RuntimeError('state_dict post-hook must return None')
    return destination


def _copy_into(self, name, key, param, input_param, error_msgs, assign):
    try:
        with torch.no_grad():
            if assign:
                if isinstance(param, torch.nn.Parameter) and not isinstance(input_param, torch.nn.Parameter):
                    input_param = torch.nn.Parameter(input_param, requires_grad=param.requires_grad)
                setattr(self, name, input_param)
            else:
                param.copy_(input_param)
    except Exception as ex:
        error_msgs.append(f'While copying the parameter named "{key}", '
                          f'whose dimensions in the model are {param.size()} and '
                          f'whose dimensions in the checkpoint are {input_param.size()}, '
                          f'an exception occurred : {ex.args}.')


def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                          error_msgs):
    for hook in self._load_state_dict_pre_hooks.values():
        hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)
    local_state = {}
    for k, v in self._parameters.items():
        if v is not None:
            local_state[k] = v
    for k, v in self._buffers.items():
        if v is not None and k not in self._non_persistent_buffers_set:
            local_state[k] = v
    assign = local_metadata.get('assign_to_params_buffers', False)
    for name, param in local_state.items():
        key = prefix + name
        if key in state_dict:
            input_param = state_dict[key]
            if not isinstance(input_param, torch.Tensor):
                error_msgs.append(f'While copying the parameter named "{key}", '
                                  'expected torch.Tensor or Tensor-like object from checkpoint but '
                                  f'received {type(input_param)}')
                continue
            if len(param.shape) == 0 and len(input_param.shape) == 1 and input_param.shape[0] == 1:
                input_param = input_param[0]
            if input_param.shape != param.shape:
                error_msgs.append(f'size mismatch for {key}: copying a param with shape {input_param.shape} '
                                  f'from checkpoint, the shape in current model is {param.shape}.')
                continue
            _copy_into(self, name, key, param, input_param, error_msgs, assign)
        elif strict:
            missing_keys.append(key)
    extra_state_key = prefix + _EXTRA_STATE_KEY_SUFFIX
    Module = _module_class()
    if getattr(self.__class__, 'set_extra_state', Module.set_extra_state) is not Module.set_extra_state:
        if extra_state_key in state_dict:
            self.set_extra_state(state_dict[extra_state_key])
        elif strict:
            missing_keys.append(extra_state_key)
    elif strict and extra_state_key in state_dict:
        unexpected_keys.append(extra_state_key)
    if strict:
        for key in state_dict:
            if key.startswith(prefix) and key != extra_state_key:
                input_name = key[len(prefix):].split('.', 1)
                if len(input_name) > 1:
                    if input_name[0] not in self._modules:
                        unexpected_keys.append(key)
                elif input_name[0] not in local_state:
                    unexpected_keys.append(key)


def _load_tree(module, local_state_dict, prefix, metadata, assign, missing_keys, unexpected_keys, error_msgs):
    local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
    if assign:
        local_metadata['assign_to_params_buffers'] = assign
    module._load_from_state_dict(local_state_dict, prefix, local_metadata, True, missing_keys, unexpected_keys,
                                 error_msgs)
    for name, child in module._modules.items():
        if child is not None:
            child_prefix = prefix + name + '.'
            child_state_dict = {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)}
            _load_tree(child, child_state_dict, child_prefix, metadata, assign, missing_keys, unexpected_keys,
                       error_msgs)
    incompatible_keys = _IncompatibleKeys(missing_keys, unexpected_keys)
    for hook in module._load_state_dict_post_hooks.values():
        if hook(module, incompatible_keys) is not None:
            raise AssertionError('Hooks registered with ``register_load_state_dict_post_hook`` are not '
                                 'expected to return new values, if incompatible_keys need to be modified, '
                                 'it should be done inplace.')


def load_state_dict(self, state_dict, strict=True, assign=False):
    if not isinstance(state_dict, dict):
        raise TypeError(f'Expected state_dict to be dict-like, got {type(state_dict)}.')
    missing_keys = []
    unexpected_keys = []
    error_msgs = []
    metadata = getattr(state_dict, '_metadata', None)
    state_dict = OrderedDict(state_dict)
    if metadata is not None:
        state_dict._metadata = metadata
    _load_tree(self, state_dict, '', metadata, assign, missing_keys, unexpected_keys, error_msgs)
    if strict:
        if len(unexpected_keys) > 0:
            error_msgs.insert(0, 'Unexpected key(s) in state_dict: {}. '.format(
                ', '.join(f'"{k}"' for k in unexpected_keys)))
        if len(missing_keys) > 0:
            error_msgs.insert(0, 'Missing key(s) in state_dict: {}. '.format(
                ', '.join(f'"{k}"' for k in missing_keys)))
    if len(error_msgs) > 0:
        raise RuntimeError('Error(s) in loading state_dict for {}:\n\t{}'.format(
            self.__class__.__name__, '\n\t'.join(error_msgs)))
    return _IncompatibleKeys(missing_keys, unexpected_keys)


def register_state_dict_pre_hook(self, hook):
    handle = RemovableHandle(self._state_dict_pre_hooks)
    self._state_dict_pre_hooks[handle.id] = hook
    return handle


def register_state_dict_post_hook(self, hook):
    handle = RemovableHandle(self._state_dict_hooks)
    self._state_dict_hooks[handle.id] = hook
    return handle


def register_load_state_dict_pre_hook(self, hook):
    handle = RemovableHandle(self._load_state_dict_pre_hooks)
    self._load_state_dict_pre_hooks[handle.id] = lambda *args: hook(self, *args)
    return handle


def register_load_state_dict_post_hook(self, hook):
    handle = RemovableHandle(self._load_state_dict_post_hooks)
    self._load_state_dict_post_hooks[handle.id] = hook
    return handle


def _register_load_state_dict_pre_hook(self, hook, with_module=False):
    """The private form PyTorch's own utilities use: the hook gets the module
    first only when with_module is true."""
    handle = RemovableHandle(self._load_state_dict_pre_hooks)
    self._load_state_dict_pre_hooks[handle.id] = (lambda *args: hook(self, *args)) if with_module else hook
    return handle


def _register_state_dict_hook(self, hook):
    """The private post-hook form PyTorch's own utilities use (spectral_norm):
    hook(module, state_dict, prefix, local_metadata)."""
    handle = RemovableHandle(self._state_dict_hooks)
    self._state_dict_hooks[handle.id] = hook
    return handle
