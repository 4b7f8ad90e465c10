"""torch.nn.Module: parameters, buffers and submodules registered by
attribute assignment, traversal, modes, hooks and the call that runs forward.

State dicts live in _state_dict.py, type conversion (to, float, cuda, ...) in
_conversion.py, the module-scope bookkeeping for the debugger in _scope.py,
tree walks in _traversal.py, backward-hook registration in _backward_hooks.py
and the call with hooks in _call_hooks.py; they are bound into the class body below so Module's MRO is PyTorch's.
"""
from collections import OrderedDict

import torch
from torch.nn.parameter import Parameter, buffer_persistence
from torch.nn.modules import _scope
from torch.nn.modules import _state_dict
from torch.nn.modules import _conversion
from torch.nn.modules import _traversal
from torch.nn.modules import _replicas
from torch.nn.modules._scope import _enter, _exit, _paths_for, _stray_path
from torch.nn.modules import _backward_hooks
from torch.nn.modules._hooks import (
    RemovableHandle,
    _global_backward_hooks,
    _global_backward_pre_hooks,
    _global_forward_hooks,
    _global_forward_pre_hooks,
    live_hooks as _live_hooks,
    register_module_backward_hook,
    register_module_forward_hook,
    register_module_forward_pre_hook,
    register_module_full_backward_hook,
    register_module_full_backward_pre_hook,
)
from torch.nn.modules._call_hooks import _call_with_hooks
from torch.nn.modules._traversal import _buffers_of, _members, _module_list, _parameters_of

__all__ = ['Module', 'register_module_forward_hook', 'register_module_forward_pre_hook',
           'register_module_backward_hook', 'register_module_full_backward_hook',
           'register_module_full_backward_pre_hook']


_active_paths = None  # the path map of the root being called (Note [Module scopes])


def _typename(obj):
    """torch.typename: a tensor's type string, else the qualified class name."""
    if isinstance(obj, torch.Tensor):
        return obj.type()
    cls = obj if isinstance(obj, type) else type(obj)
    module = getattr(cls, '__module__', '') or ''
    name = getattr(cls, '__qualname__', cls.__name__)
    if module in ('builtins', '__builtin__', ''):
        return name
    return module + '.' + name


def _addindent(s, num_spaces):
    lines = s.split('\n')
    if len(lines) == 1:
        return s
    first = lines.pop(0)
    return first + '\n' + '\n'.join([num_spaces * ' ' + line for line in lines])


def _forward_unimplemented(self, *input):
    raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')


class Module:
    """Base class for all neural network modules."""

    dump_patches = False
    _version = 1
    # training is per instance (set in __init__), as in PyTorch, whose class only
    # annotates it; dir(model) lists it once.
    call_super_init = False

    def __init__(self, *args, **kwargs):
        if self.call_super_init is False and bool(kwargs):
            raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword argument '{next(iter(kwargs))}'")
        if self.call_super_init is False and bool(args):
            raise TypeError(f"{type(self).__name__}.__init__() takes 1 positional argument but {len(args) + 1} were given")
        d = self.__dict__
        d['training'] = True
        d['_parameters'] = {}
        d['_buffers'] = {}
        d['_non_persistent_buffers_set'] = set()
        d['_backward_pre_hooks'] = OrderedDict()
        d['_backward_hooks'] = OrderedDict()
        d['_is_full_backward_hook'] = None
        d['_forward_hooks'] = OrderedDict()
        d['_forward_hooks_with_kwargs'] = {}
        d['_forward_hooks_always_called'] = {}
        d['_forward_pre_hooks'] = OrderedDict()
        d['_forward_pre_hooks_with_kwargs'] = {}
        d['_state_dict_hooks'] = OrderedDict()
        d['_state_dict_pre_hooks'] = OrderedDict()
        d['_load_state_dict_pre_hooks'] = OrderedDict()
        d['_load_state_dict_post_hooks'] = OrderedDict()
        d['_modules'] = {}
        if self.call_super_init:
            super().__init__(*args, **kwargs)

    forward = _forward_unimplemented

    # -- registration ---------------------------------------------------

    def register_buffer(self, name, tensor, persistent=True):
        if '_buffers' not in self.__dict__:
            raise AttributeError('cannot assign buffer before Module.__init__() call')
        elif not isinstance(name, str):
            raise TypeError(f'buffer name should be a string. Got {_typename(name)}')
        elif '.' in name:
            raise KeyError('buffer name can\'t contain "."')
        elif name == '':
            raise KeyError('buffer name can\'t be empty string ""')
        elif hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists")
        elif tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError(f"cannot assign '{_typename(tensor)}' object to buffer '{name}' "
                            '(torch Tensor or None required)')
        buffers = self._buffers
        # `self.steps += 1` re-registers the same tensor every step: that
        # changes nothing the path and member caches hold.
        if name not in buffers or buffers[name] is not tensor:
            _scope.leaves_changed()
        buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name, param):
        if '_parameters' not in self.__dict__:
            raise AttributeError('cannot assign parameter before Module.__init__() call')
        elif not isinstance(name, str):
            raise TypeError(f'parameter name should be a string. Got {_typename(name)}')
        elif '.' in name:
            raise KeyError('parameter name can\'t contain "."')
        elif name == '':
            raise KeyError('parameter name can\'t be empty string ""')
        elif hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"attribute '{name}' already exists")
        if name not in self._parameters or self._parameters[name] is not param:
            _scope.leaves_changed()
        if param is None:
            self._parameters[name] = None
        elif not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{_typename(param)}' object to parameter '{name}' "
                            '(torch.nn.Parameter or None required)')
        elif param.grad_fn:
            raise ValueError(f"Cannot assign non-leaf Tensor to parameter '{name}'. Model "
                             f"parameters must be created explicitly. To express '{name}' "
                             'as a function of another Tensor, compute the value in '
                             'the forward() method.')
        else:
            self._parameters[name] = param

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f'{_typename(module)} is not a Module subclass')
        elif not isinstance(name, str):
            raise TypeError(f'module name should be a string. Got {_typename(name)}')
        elif hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        elif '.' in name:
            raise KeyError(f'module name can\'t contain ".", got: {name}')
        elif name == '':
            raise KeyError('module name can\'t be empty string ""')
        self._modules[name] = module
        _scope.structure_changed()

    def register_module(self, name, module):
        self.add_module(name, module)

    def get_submodule(self, target):
        if target == '':
            return self
        mod = self
        for item in target.split('.'):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + ' has no attribute `' + item + '`')
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError('`' + item + '` is not an nn.Module')
        return mod

    set_submodule = _traversal.set_submodule

    def get_parameter(self, target):
        _, name, param = _member_of(self, target)
        if not isinstance(param, Parameter):
            raise AttributeError('`' + name + '` is not an nn.Parameter')
        return param

    def get_buffer(self, target):
        mod, name, buffer = _member_of(self, target)
        if name not in mod._buffers:
            raise AttributeError('`' + name + '` is not a buffer')
        return buffer

    # -- attribute protocol ----------------------------------------------

    def __getattr__(self, name):
        d = self.__dict__
        if '_parameters' in d:
            params = d['_parameters']
            if name in params:
                return params[name]
        if '_buffers' in d:
            buffers = d['_buffers']
            if name in buffers:
                return buffers[name]
        if '_modules' in d:
            modules = d['_modules']
            if name in modules:
                return modules[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        d = self.__dict__
        params = d.get('_parameters')
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError('cannot assign parameters before Module.__init__() call')
            _remove_from(name, d, self._buffers, self._modules, self._non_persistent_buffers_set)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as parameter '{name}' "
                                '(torch.nn.Parameter or None expected)')
            self.register_parameter(name, value)
        else:
            modules = d.get('_modules')
            if isinstance(value, Module):
                if modules is None:
                    raise AttributeError('cannot assign module before Module.__init__() call')
                _remove_from(name, d, self._parameters, self._buffers, self._non_persistent_buffers_set)
                modules[name] = value
                _scope.structure_changed()
            elif modules is not None and name in modules:
                if value is not None:
                    raise TypeError(f"cannot assign '{_typename(value)}' as child module '{name}' "
                                    '(torch.nn.Module or None expected)')
                modules[name] = value
                _scope.structure_changed()
            else:
                buffers = d.get('_buffers')
                marked = buffer_persistence(value) if isinstance(value, torch.Tensor) else None
                if marked is not None or buffers is not None and name in buffers:
                    if value is not None and not isinstance(value, torch.Tensor):
                        raise TypeError(f"cannot assign '{_typename(value)}' as buffer '{name}' "
                                        '(torch.nn.Buffer, torch.Tensor or None expected)')
                    persistent = marked if marked is not None else name not in self._non_persistent_buffers_set
                    self.register_buffer(name, value, persistent)
                else:
                    if name in ('_modules', '_parameters', '_buffers'):
                        _scope.structure_changed()
                    object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistent_buffers_set.discard(name)
        elif name in self._modules:
            del self._modules[name]
        else:
            super().__delattr__(name)
            return
        _scope.structure_changed()

    def __dir__(self):
        keys = (dir(self.__class__) + list(self.__dict__.keys()) + list(self._parameters.keys())
                + list(self._modules.keys()) + list(self._buffers.keys()))
        return sorted([key for key in keys if not key[0].isdigit()])

    # -- traversal --------------------------------------------------------

    def _named_members(self, get_members_fn, prefix='', recurse=True, remove_duplicate=True):
        yield from _members(self, get_members_fn, prefix, recurse, remove_duplicate)

    def parameters(self, recurse=True):
        yield from [p for _, p in _members(self, _parameters_of, '', recurse, True)]

    def named_parameters(self, prefix='', recurse=True, remove_duplicate=True):
        yield from _members(self, _parameters_of, prefix, recurse, remove_duplicate)

    def buffers(self, recurse=True):
        yield from [b for _, b in _members(self, _buffers_of, '', recurse, True)]

    def named_buffers(self, prefix='', recurse=True, remove_duplicate=True):
        yield from _members(self, _buffers_of, prefix, recurse, remove_duplicate)

    def children(self):
        for _, module in self.named_children():
            yield module

    def named_children(self):
        memo = set()
        for name, module in self._modules.items():
            if module is not None and module not in memo:
                memo.add(module)
                yield name, module

    def modules(self):
        yield from [m for _, m in _module_list(self, set(), '', True)]

    def named_modules(self, memo=None, prefix='', remove_duplicate=True):
        yield from _module_list(self, set() if memo is None else memo, prefix, remove_duplicate)

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    # -- modes and gradients ---------------------------------------------

    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError('training mode is expected to be boolean')
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        for p in self.parameters():
            if p.grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    if p.grad.grad_fn is not None:
                        p.grad.detach_()
                    else:
                        p.grad.requires_grad_(False)
                    p.grad.zero_()

    def share_memory(self):
        return self._apply(lambda t: t.share_memory_())

    # -- printing ----------------------------------------------------------

    def _get_name(self):
        return self.__class__.__name__

    def extra_repr(self):
        return ''

    def __repr__(self):
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split('\n')
        child_lines = []
        for key, module in self._modules.items():
            mod_str = _addindent(repr(module), 2)
            child_lines.append('(' + key + '): ' + mod_str)
        lines = extra_lines + child_lines
        main_str = self._get_name() + '('
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += '\n  ' + '\n  '.join(lines) + '\n'
        return main_str + ')'

    # -- hooks ---------------------------------------------------------------

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        handle = RemovableHandle(self._forward_pre_hooks, extra_dict=self._forward_pre_hooks_with_kwargs)
        self._forward_pre_hooks[handle.id] = hook
        if with_kwargs:
            self._forward_pre_hooks_with_kwargs[handle.id] = True
        if prepend:
            self._forward_pre_hooks.move_to_end(handle.id, last=False)
        return handle

    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
        handle = RemovableHandle(self._forward_hooks,
                                 extra_dict=[self._forward_hooks_with_kwargs, self._forward_hooks_always_called])
        self._forward_hooks[handle.id] = hook
        if with_kwargs:
            self._forward_hooks_with_kwargs[handle.id] = True
        if always_call:
            self._forward_hooks_always_called[handle.id] = True
        if prepend:
            self._forward_hooks.move_to_end(handle.id, last=False)
        return handle

    # Backward hooks (bound from _backward_hooks.py).
    register_full_backward_pre_hook = _backward_hooks.register_full_backward_pre_hook
    register_backward_hook = _backward_hooks.register_backward_hook
    register_full_backward_hook = _backward_hooks.register_full_backward_hook
    _get_backward_hooks = _backward_hooks._get_backward_hooks
    _get_backward_pre_hooks = _backward_hooks._get_backward_pre_hooks

    # -- the call -------------------------------------------------------------

    def __call__(self, *args, **kwargs):
        # Note [Module scopes] in _scope.py: the root call builds (or reuses)
        # the path map; every call runs inside its module's scope.
        global _active_paths
        hooked = _live_hooks[0] and (self._backward_hooks or self._backward_pre_hooks or self._forward_hooks
                                     or self._forward_pre_hooks or _global_forward_hooks or _global_forward_pre_hooks
                                     or _global_backward_hooks or _global_backward_pre_hooks)
        paths = _active_paths
        if paths is None:
            self._backward_hooks  # PyTorch's error for a module whose __init__ skipped Module's
            _active_paths = _paths_for(self)
            _enter('', type(self).__name__)
            try:
                if hooked:
                    return _call_with_hooks(self, args, kwargs)
                return self.forward(*args, **kwargs)
            finally:
                _exit()
                _active_paths = None
        path = paths.get(id(self))
        if path is None:
            self._backward_hooks
            path = _stray_path(self)
        _enter(path, type(self).__name__)
        try:
            if hooked:
                return _call_with_hooks(self, args, kwargs)
            return self.forward(*args, **kwargs)
        finally:
            _exit()

    _call_impl = __call__
    _wrapped_call_impl = __call__
    _compiled_call_impl = None
    T_destination = _replicas.T_destination
    _slow_forward = _replicas._slow_forward
    _replicate_for_data_parallel = _replicas._replicate_for_data_parallel

    def compile(self, *args, **kwargs):
        # PyTorch's Module.compile wraps the call in torch.compile; here that
        # reaches whatever torch.compile is in this build (docs/nn.md).
        self._compiled_call_impl = torch.compile(self._call_impl, *args, **kwargs)

    # State dicts and conversions (bound from their own files).
    state_dict = _state_dict.state_dict
    _save_to_state_dict = _state_dict._save_to_state_dict
    load_state_dict = _state_dict.load_state_dict
    _load_from_state_dict = _state_dict._load_from_state_dict
    get_extra_state = _state_dict.get_extra_state
    set_extra_state = _state_dict.set_extra_state
    register_state_dict_pre_hook = _state_dict.register_state_dict_pre_hook
    register_state_dict_post_hook = _state_dict.register_state_dict_post_hook
    _register_state_dict_hook = _state_dict._register_state_dict_hook
    register_load_state_dict_pre_hook = _state_dict.register_load_state_dict_pre_hook
    _register_load_state_dict_pre_hook = _state_dict._register_load_state_dict_pre_hook
    register_load_state_dict_post_hook = _state_dict.register_load_state_dict_post_hook
    _apply = _conversion._apply
    to = _conversion.to
    cpu = _conversion.cpu
    cuda = _conversion.cuda
    xpu = _conversion.xpu
    ipu = _conversion.ipu
    mtia = _conversion.mtia
    type = _conversion.type_
    float = _conversion.float_
    double = _conversion.double
    half = _conversion.half
    bfloat16 = _conversion.bfloat16
    to_empty = _conversion.to_empty


def _member_of(module, target):
    # (owning module, attribute name, value) for 'a.b.name'. A function, not a
    # method: dir(model) lists PyTorch's members only.
    module_path, _, name = target.rpartition('.')
    mod = module.get_submodule(module_path)
    if not hasattr(mod, name):
        raise AttributeError(mod._get_name() + ' has no attribute `' + name + '`')
    return mod, name, getattr(mod, name)


def _remove_from(name, *dicts_or_sets):
    for d in dicts_or_sets:
        if name in d:
            if isinstance(d, dict):
                del d[name]
            else:
                d.discard(name)
