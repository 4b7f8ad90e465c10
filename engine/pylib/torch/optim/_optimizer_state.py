"""Optimizer's parameter groups and its saved state: add_param_group with
PyTorch's checks, state_dict / load_state_dict in PyTorch 2.15's format
(parameters become integer ids in group order) and their hooks. Bound into
the Optimizer class body in optimizer.py."""
from copy import deepcopy

import torch
from torch.nn.modules._hooks import RemovableHandle
from torch.nn.modules.module import _typename


def _register(hooks, hook, prepend):
    handle = RemovableHandle(hooks)
    hooks[handle.id] = hook
    if prepend:
        hooks.move_to_end(handle.id, last=False)
    return handle


def register_state_dict_pre_hook(self, hook, prepend=False):
    return _register(self._optimizer_state_dict_pre_hooks, hook, prepend)


def register_state_dict_post_hook(self, hook, prepend=False):
    return _register(self._optimizer_state_dict_post_hooks, hook, prepend)


def register_load_state_dict_pre_hook(self, hook, prepend=False):
    return _register(self._optimizer_load_state_dict_pre_hooks, hook, prepend)


def register_load_state_dict_post_hook(self, hook, prepend=False):
    return _register(self._optimizer_load_state_dict_post_hooks, hook, prepend)


def state_dict(self):
    for pre_hook in list(self._optimizer_state_dict_pre_hooks.values()):
        pre_hook(self)
    param_mappings = {}
    param_groups = []
    start_index = 0
    for group in self.param_groups:
        packed = {k: v for k, v in group.items() if k != 'params'}
        index = start_index
        for p in group['params']:
            if id(p) not in param_mappings:
                param_mappings[id(p)] = index
            index += 1
        packed['params'] = [param_mappings[id(p)] for p in group['params']]
        start_index += len(packed['params'])
        param_groups.append(packed)
    packed_state = {(param_mappings[id(k)] if isinstance(k, torch.Tensor) else k): v
                    for k, v in self.state.items()}
    result = {'state': packed_state, 'param_groups': param_groups}
    for post_hook in list(self._optimizer_state_dict_post_hooks.values()):
        hook_result = post_hook(self, result)
        if hook_result is not None:
            result = hook_result
    return result


def process_value_according_to_param_policy(param, value, param_id, param_groups, key=None):
    fused = False
    capturable = False
    for pg in param_groups:
        if param_id in pg['params']:
            fused = pg.get('fused', False)
            capturable = pg.get('capturable', False)
            break
    if key == 'step':
        if capturable or fused:
            return value.to(dtype=torch.float32, device=param.device)
        return value
    if param.is_floating_point():
        return value.to(dtype=param.dtype, device=param.device)
    return value.to(device=param.device)


def _cast(param, value, param_id, param_groups, key=None):
    """A deep copy of value with its tensors moved to param's device (and
    floating dtype), as PyTorch's load_state_dict makes."""
    if isinstance(value, torch.Tensor):
        return process_value_according_to_param_policy(param, value, param_id, param_groups, key)
    if isinstance(value, dict):
        return {k: _cast(param, v, param_id, param_groups, k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_cast(param, v, param_id, param_groups) for v in value)
    return value


def load_state_dict(self, state_dict):
    from collections import defaultdict
    state_dict = state_dict.copy()
    for pre_hook in list(self._optimizer_load_state_dict_pre_hooks.values()):
        hook_result = pre_hook(self, state_dict)
        if hook_result is not None:
            state_dict = hook_result
    groups = self.param_groups
    saved_groups = deepcopy(state_dict['param_groups'])
    if len(groups) != len(saved_groups):
        raise ValueError('loaded state dict has a different number of parameter groups')
    for g, s in zip(groups, saved_groups):
        if len(g['params']) != len(s['params']):
            raise ValueError("loaded state dict contains a parameter group "
                             "that doesn't match the size of optimizer's group")
    id_map = {}
    for g, s in zip(groups, saved_groups):
        for saved_id, p in zip(s['params'], g['params']):
            id_map[saved_id] = p
    state = defaultdict(dict)
    for k, v in state_dict['state'].items():
        if k in id_map:
            param = id_map[k]
            state[param] = _cast(param, v, k, state_dict['param_groups'])
        else:
            state[k] = v
    param_groups = []
    for group, new_group in zip(groups, saved_groups):
        new_group['params'] = group['params']
        if 'param_names' in group and 'param_names' not in new_group:
            new_group['param_names'] = group['param_names']
        param_groups.append(new_group)
    self.__setstate__({'state': state, 'param_groups': param_groups})
    for post_hook in list(self._optimizer_load_state_dict_post_hooks.values()):
        post_hook(self)


def _extract_names(param_group):
    tensors = []
    names = []
    for param in param_group['params']:
        if isinstance(param, tuple):
            names.append(param[0])
            tensors.append(param[1])
        else:
            tensors.append(param)
    param_group['params'] = tensors
    if len(names) != 0:
        if len(names) == len(tensors):
            param_group['param_names'] = names
        else:
            raise ValueError('all optimizer params should be with/without names. Some param names are missing')


def add_param_group(self, param_group, required):
    if not isinstance(param_group, dict):
        raise TypeError(f'param_group must be a dict, but got {type(param_group)}')
    params = param_group['params']
    if isinstance(params, torch.Tensor):
        param_group['params'] = [params]
    elif isinstance(params, set):
        raise TypeError('optimizer parameters need to be organized in ordered collections, but '
                        'the ordering of tensors in sets will change between runs. Please use a list instead.')
    else:
        param_group['params'] = list(params)
    _extract_names(param_group)
    for param in param_group['params']:
        if not isinstance(param, torch.Tensor):
            raise TypeError('optimizer can only optimize Tensors, '
                            'but one of the params is ' + _typename(param))
        if not self.defaults.get('differentiable', None) and not (param.is_leaf or param.retains_grad):
            raise ValueError("can't optimize a non-leaf Tensor")
    for name, default in self.defaults.items():
        if default is required and name not in param_group:
            raise ValueError(f"parameter group didn't specify a value of required optimization parameter {name}")
        param_group.setdefault(name, default)
    params = param_group['params']
    if len(params) != len(set(params)):
        import warnings
        warnings.warn('optimizer contains a parameter group with duplicate parameters; '
                      'in future, this will cause an error; '
                      'see github.com/pytorch/pytorch/issues/40967 for more information', stacklevel=3)
    param_set = set()
    for group in self.param_groups:
        param_set.update(set(group['params']))
        if ('param_names' in param_group) != ('param_names' in group):
            current_group_txt = 'with names' if 'param_names' in param_group else 'without names'
            raise ValueError('all optimizer param groups should be with/without names. '
                             f'cannot add param group {current_group_txt} to the optimizer')
    if not param_set.isdisjoint(set(param_group['params'])):
        raise ValueError('some parameters appear in more than one parameter group')
    self.param_groups.append(param_group)
