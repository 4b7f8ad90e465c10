"""torch.nn.utils.parametrize: a parameter or buffer computed from other
tensors by a chain of modules, recomputed on every access.

Note [Parametrized classes]: as in PyTorch, the first parametrization on a
module swaps the module's class for a fresh subclass named
`Parametrized<Class>` that holds one property per parametrized tensor; the
originals live in `module.parametrizations[name]` (a ParametrizationList) as
`original` (one tensor) or `original0`, `original1`, ... (several), so the
state_dict keys and the printed module are PyTorch's. Removing the last
parametrization restores the original class.
"""
from collections.abc import Sequence
from contextlib import contextmanager

import torch
from torch.nn.modules.container import ModuleDict, ModuleList
from torch.nn.modules.module import Module
from torch.nn.parameter import Parameter

__all__ = ['cached', 'ParametrizationList', 'register_parametrization', 'is_parametrized',
           'remove_parametrizations', 'type_before_parametrizations',
           'transfer_parametrizations_and_params']

_cache_enabled = 0
_cache = {}


@contextmanager
def cached():
    """Inside the block, each parametrized tensor is computed once."""
    global _cache, _cache_enabled
    _cache_enabled += 1
    try:
        yield
    finally:
        _cache_enabled -= 1
        if not _cache_enabled:
            _cache = {}


def _register_tensor(module, name, value):
    if isinstance(value, Parameter):
        module.register_parameter(name, value)
    else:
        module.register_buffer(name, value)


def _right_inverse_or_identity(parametrizations, value):
    # Registration: a parametrization without right_inverse (or one that
    # raises NotImplementedError) counts as the identity.
    for module in reversed(list(parametrizations)):
        if hasattr(module, 'right_inverse'):
            try:
                value = module.right_inverse(value)
            except NotImplementedError:
                pass
    return value


class ParametrizationList(ModuleList):
    """The parametrizations of one tensor, and its original(s)."""

    def __init__(self, modules, original, unsafe=False):
        if len(modules) == 0:
            raise ValueError('ParametrizationList requires one or more modules.')
        super().__init__(modules)
        self.unsafe = unsafe
        shape, dtype = original.shape, original.dtype
        with torch.no_grad():
            new = _right_inverse_or_identity(self, original)
        if not isinstance(new, (torch.Tensor, Sequence)):
            raise ValueError("'right_inverse' must return a Tensor or a Sequence of tensors (list, tuple...). "
                             f'Got {type(new).__name__}')
        self.is_tensor = isinstance(new, torch.Tensor)
        self.ntensors = 1 if self.is_tensor else len(new)
        if self.is_tensor:
            self._register_single(original, new)
        else:
            self._register_several(original, new)
        if not self.unsafe:
            self._check_consistent(shape, dtype)

    def _register_single(self, original, new):
        if original.dtype != new.dtype:
            raise ValueError('When `right_inverse` outputs one tensor, it may not change the dtype.\n'
                             f'original.dtype: {original.dtype}\n'
                             f'right_inverse(original).dtype: {new.dtype}')
        if original.device != new.device:
            raise ValueError('When `right_inverse` outputs one tensor, it may not change the device.\n'
                             f'original.device: {original.device}\n'
                             f'right_inverse(original).device: {new.device}')
        # set_ keeps the original's identity, so an optimizer holding it stays valid.
        if new is not original:
            with torch.no_grad():
                original.set_(new)
        _register_tensor(self, 'original', original)

    def _register_several(self, original, new):
        for i, tensor in enumerate(new):
            if not isinstance(tensor, torch.Tensor):
                raise ValueError("'right_inverse' must return a Tensor or a Sequence of tensors (list, tuple...). "
                                 f'Got element {i} of the sequence with type {type(tensor).__name__}.')
            if isinstance(original, Parameter):
                tensor = Parameter(tensor, original.requires_grad)
            tensor.requires_grad_(original.requires_grad)
            _register_tensor(self, f'original{i}', tensor)

    def _check_consistent(self, shape, dtype):
        Z = self()
        if not isinstance(Z, torch.Tensor):
            raise ValueError(f'A parametrization must return a tensor. Got {type(Z).__name__}.')
        if Z.dtype != dtype:
            raise ValueError('Registering a parametrization may not change the dtype of the tensor, '
                             'unless `unsafe` flag is enabled.\n'
                             f'unparametrized dtype: {dtype}\n'
                             f'parametrized dtype: {Z.dtype}')
        if Z.shape != shape:
            raise ValueError('Registering a parametrization may not change the shape of the tensor, '
                             'unless `unsafe` flag is enabled.\n'
                             f'unparametrized shape: {shape}\n'
                             f'parametrized shape: {Z.shape}')

    def right_inverse(self, value):
        """Assigning to the parametrized tensor: store right_inverse(value)."""
        with torch.no_grad():
            for module in reversed(list(self)):
                if not hasattr(module, 'right_inverse'):
                    raise RuntimeError(f'parametrization {type(module).__name__} does not implement right_inverse.')
                value = module.right_inverse(value)
            if self.is_tensor:
                self._set_single(value)
            else:
                self._set_several(value)

    def _set_single(self, value):
        if not isinstance(value, torch.Tensor):
            raise ValueError(f'`right_inverse` should return a tensor. Got {type(value).__name__}')
        if value.dtype != self.original.dtype:
            raise ValueError(f'The tensor returned by `right_inverse` has dtype {value.dtype} '
                             f'while `original` has dtype {self.original.dtype}')
        self.original.set_(value)

    def _set_several(self, value):
        if not isinstance(value, Sequence):
            raise ValueError(f"'right_inverse' must return a sequence of tensors. Got {type(value).__name__}.")
        if len(value) != self.ntensors:
            raise ValueError("'right_inverse' must return a sequence of tensors of length "
                             f'{self.ntensors}. Got a sequence of length {len(value)}.')
        for i, tensor in enumerate(value):
            original_i = getattr(self, f'original{i}')
            if not isinstance(tensor, torch.Tensor):
                raise ValueError("'right_inverse' must return a sequence of tensors or reference-type opaques. "
                                 f'Got element {i} of type {type(tensor).__name__}.')
            if original_i.dtype != tensor.dtype:
                raise ValueError(f'Tensor {i} returned by `right_inverse` has dtype {tensor.dtype} '
                                 f'while `original{i}` has dtype {original_i.dtype}')
            original_i.set_(tensor)

    def forward(self):
        if self.is_tensor:
            x = self[0](self.original)
        else:
            x = self[0](*[getattr(self, f'original{i}') for i in range(self.ntensors)])
        for module in list(self)[1:]:
            x = module(x)
        return x


def _serialization_refused(self):
    raise RuntimeError('Serialization of parametrized modules is only supported through state_dict(). See:\n'
                       'https://pytorch.org/tutorials/beginner/saving_loading_models.html'
                       '#saving-loading-a-general-checkpoint-for-inference-and-or-resuming-training')


def _inject_new_class(module):
    # Note [Parametrized classes].
    cls = module.__class__
    module.__class__ = type(f'Parametrized{cls.__name__}', (cls,), {'__getstate__': _serialization_refused})


def _inject_property(module, tensor_name):
    if hasattr(module, tensor_name):
        raise AssertionError(f"Module already has an attribute named '{tensor_name}'")

    def get_parametrized(self):
        parametrization = self.parametrizations[tensor_name]
        if not _cache_enabled:
            return parametrization()
        key = (id(module), tensor_name)
        tensor = _cache.get(key)
        if tensor is None:
            tensor = parametrization()
            _cache[key] = tensor
        return tensor

    def set_original(self, value):
        self.parametrizations[tensor_name].right_inverse(value)

    setattr(module.__class__, tensor_name, property(get_parametrized, set_original))


def _check_added(module, tensor_name, parametrization):
    # A second parametrization on the same tensor must map its space to itself.
    Y = getattr(module, tensor_name)
    X = parametrization(Y)
    if not isinstance(X, torch.Tensor):
        raise ValueError(f'A parametrization must return a tensor. Got {type(X).__name__}.')
    if X.dtype != Y.dtype:
        raise ValueError('Registering a parametrization may not change the dtype of the tensor, '
                         'unless the `unsafe` flag is enabled.\n'
                         f'module.{tensor_name}.dtype: {Y.dtype}\n'
                         f'parametrization(module.{tensor_name}).dtype: {X.dtype}')
    if X.shape != Y.shape:
        raise ValueError('Registering a parametrization may not change the shape of the tensor, '
                         'unless the `unsafe` flag is enabled.\n'
                         f'module.{tensor_name}.shape: {Y.shape}\n'
                         f'parametrization(module.{tensor_name}).shape: {X.shape}')
    if not hasattr(parametrization, 'right_inverse'):
        return
    try:
        Z = parametrization.right_inverse(X)
    except NotImplementedError:
        return
    if not isinstance(Z, torch.Tensor):
        raise ValueError(f'parametrization.right_inverse must return a tensor. Got: {type(Z).__name__}')
    if Z.dtype != Y.dtype:
        raise ValueError('The tensor returned by parametrization.right_inverse must have the same dtype '
                         f'as module.{tensor_name}, unless the `unsafe` flag is enabled.\n'
                         f'module.{tensor_name}.dtype: {Y.dtype}\n'
                         f'returned dtype: {Z.dtype}')
    if Z.shape != Y.shape:
        raise ValueError('The tensor returned by parametrization.right_inverse must have the same shape '
                         f'as module.{tensor_name}, unless the `unsafe` flag is enabled.\n'
                         f'module.{tensor_name}.shape: {Y.shape}\n'
                         f'returned shape: {Z.shape}')


def register_parametrization(module, tensor_name, parametrization, *, unsafe=False):
    """Make module.<tensor_name> the output of `parametrization` on the original."""
    parametrization.train(module.training)
    if is_parametrized(module, tensor_name):
        if not unsafe:
            _check_added(module, tensor_name, parametrization)
        plist = module.parametrizations[tensor_name]
        plist.append(parametrization)
        plist.unsafe = plist.unsafe or unsafe
    elif tensor_name in module._buffers or tensor_name in module._parameters:
        original = getattr(module, tensor_name)
        plist = ParametrizationList([parametrization], original, unsafe=unsafe)
        delattr(module, tensor_name)
        if not is_parametrized(module):
            _inject_new_class(module)
            module.parametrizations = ModuleDict()
        _inject_property(module, tensor_name)
        module.parametrizations[tensor_name] = plist
    else:
        raise ValueError(f"Module '{module}' does not have a parameter, a buffer, or a "
                         f"parametrized element with name '{tensor_name}'")
    return module


def is_parametrized(module, tensor_name=None):
    parametrizations = getattr(module, 'parametrizations', None)
    if parametrizations is None or not isinstance(parametrizations, ModuleDict):
        return False
    if tensor_name is None:
        return len(parametrizations) > 0
    return tensor_name in parametrizations


def remove_parametrizations(module, tensor_name, leave_parametrized=True):
    """Put a plain parameter (or buffer) back under `tensor_name`."""
    if not is_parametrized(module, tensor_name):
        raise ValueError(f'Module {module} does not have a parametrization on {tensor_name}')
    plist = module.parametrizations[tensor_name]
    if plist.is_tensor:
        original = plist.original
        if leave_parametrized:
            with torch.no_grad():
                t = getattr(module, tensor_name)
                original.set_(t)
    elif leave_parametrized:
        t = getattr(module, tensor_name)
        original = Parameter(t) if t.requires_grad else t
    else:
        raise ValueError('Cannot leave unparametrized (`leave_parametrized=False`) a tensor '
                         'that is parametrized in terms of a sequence of tensors.')
    delattr(module.__class__, tensor_name)
    del module.parametrizations[tensor_name]
    _register_tensor(module, tensor_name, original)
    if not is_parametrized(module):
        delattr(module, 'parametrizations')
        module.__class__ = module.__class__.__bases__[0]
    return module


def type_before_parametrizations(module):
    if is_parametrized(module):
        return module.__class__.__bases__[0]
    return type(module)


def transfer_parametrizations_and_params(from_module, to_module, tensor_name=None):
    """Copy from_module's parametrizations (and originals) onto to_module."""
    if not is_parametrized(from_module):
        return to_module
    names = list(from_module.parametrizations) if tensor_name is None else [tensor_name]
    for name in names:
        if not hasattr(to_module, name):
            setattr(to_module, name, Parameter(getattr(from_module, name)))
        for parametrization in from_module.parametrizations[name]:
            register_parametrization(to_module, name, parametrization)
        with torch.no_grad():
            source = from_module.parametrizations[name]
            target = to_module.parametrizations[name]
            if source.is_tensor:
                target.original.set_(source.original)
            else:
                for i in range(source.ntensors):
                    getattr(target, f'original{i}').set_(getattr(source, f'original{i}'))
    return to_module
