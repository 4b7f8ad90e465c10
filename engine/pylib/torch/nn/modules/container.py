"""Containers: Sequential, ModuleList, ModuleDict, ParameterList,
ParameterDict, with PyTorch's indexing rules, errors and reprs."""
from collections import OrderedDict
from collections.abc import Iterable, Mapping
import operator
import warnings

import torch
from torch.nn.parameter import Parameter
from torch.nn.modules import _scope
from torch.nn.modules.module import Module, _addindent, _typename

__all__ = ['Container', 'Sequential', 'ModuleList', 'ModuleDict', 'ParameterList', 'ParameterDict']


def _renumber(container):
    # Keys stay 0..n-1 after a deletion.
    values = list(container._modules.values())
    container._modules = OrderedDict(zip([str(i) for i in range(len(values))], values))


class Container(Module):
    """Deprecated: a Module whose keyword arguments become its submodules."""

    def __init__(self, **kwargs):
        super().__init__()
        warnings.warn('`nn.Container` is deprecated. All of its functionality is now implemented in `nn.Module`. '
                      'Subclass that instead.', FutureWarning, stacklevel=2)
        for key, value in kwargs.items():
            self.add_module(key, value)


class Sequential(Module):
    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def _get_item_by_idx(self, iterator, idx):
        size = len(self)
        idx = operator.index(idx)
        if not -size <= idx < size:
            raise IndexError(f'index {idx} is out of range')
        idx %= size
        return list(iterator)[idx]

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(OrderedDict(list(self._modules.items())[idx]))
        return self._get_item_by_idx(self._modules.values(), idx)

    def __setitem__(self, idx, module):
        key = self._get_item_by_idx(self._modules.keys(), idx)
        return setattr(self, key, module)

    def __delitem__(self, idx):
        if isinstance(idx, slice):
            for key in list(self._modules.keys())[idx]:
                delattr(self, key)
        else:
            delattr(self, self._get_item_by_idx(self._modules.keys(), idx))
        _renumber(self)

    def __len__(self):
        return len(self._modules)

    def __add__(self, other):
        if isinstance(other, Sequential):
            ret = Sequential()
            for layer in self:
                ret.append(layer)
            for layer in other:
                ret.append(layer)
            return ret
        raise ValueError(f'add operator supports only objects of Sequential class, but {str(type(other))} is given.')

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def __iadd__(self, other):
        if isinstance(other, Sequential):
            offset = len(self)
            for i, module in enumerate(other):
                self.add_module(str(i + offset), module)
            return self
        raise ValueError(f'add operator supports only objects of Sequential class, but {str(type(other))} is given.')

    def __mul__(self, other):
        if not isinstance(other, int):
            raise TypeError(f'unsupported operand type(s) for *: {type(self)} and {type(other)}')
        if other <= 0:
            raise ValueError(f'Non-positive multiplication factor {other} for {type(self)}')
        combined = Sequential()
        offset = 0
        for _ in range(other):
            for module in self:
                combined.add_module(str(offset), module)
                offset += 1
        return combined

    def __rmul__(self, other):
        return self.__mul__(other)

    def __dir__(self):
        return [key for key in super().__dir__() if not key.isdigit()]

    def __iter__(self):
        return iter(self._modules.values())

    def forward(self, input):
        for module in self:
            input = module(input)
        return input

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def insert(self, index, module):
        if not isinstance(module, Module):
            raise AssertionError(f'module should be of type: {Module}')
        n = len(self._modules)
        if not (-n <= index <= n):
            raise IndexError(f'Index out of range: {index}')
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        _scope.structure_changed()
        return self

    def extend(self, sequential):
        for layer in sequential:
            self.append(layer)
        return self


def _abs_string_index(container, idx):
    idx = operator.index(idx)
    if not (-len(container) <= idx < len(container)):
        raise IndexError(f'index {idx} is out of range')
    if idx < 0:
        idx += len(container)
    return str(idx)


class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self += modules

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(list(self._modules.values())[idx])
        return self._modules[_abs_string_index(self, idx)]

    def __setitem__(self, idx, module):
        return setattr(self, _abs_string_index(self, idx), module)

    def __delitem__(self, idx):
        if isinstance(idx, slice):
            for k in range(len(self._modules))[idx]:
                delattr(self, str(k))
        else:
            delattr(self, _abs_string_index(self, idx))
        _renumber(self)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        combined = ModuleList()
        for i, module in enumerate(list(self) + list(other)):
            combined.add_module(str(i), module)
        return combined

    def __repr__(self):
        # Runs of equal reprs print once: "(0-2): 3 x Linear(...)".
        reprs = [repr(item) for item in self]
        if len(reprs) == 0:
            return self._get_name() + '()'
        ranges = [[0, 0]]
        blocks = [reprs[0]]
        for i in range(1, len(reprs)):
            if reprs[i] == blocks[-1]:
                ranges[-1][1] += 1
                continue
            ranges.append([i, i])
            blocks.append(reprs[i])
        lines = []
        for (start, end), b in zip(ranges, blocks):
            local = f'({start}): {b}'
            if start != end:
                local = f'({start}-{end}): {end - start + 1} x {b}'
            lines.append(_addindent(local, 2))
        return self._get_name() + '(\n  ' + '\n  '.join(lines) + '\n)'

    def __dir__(self):
        return [key for key in super().__dir__() if not key.isdigit()]

    def insert(self, index, module):
        for i in range(len(self._modules), index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        _scope.structure_changed()

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def extend(self, modules):
        if not isinstance(modules, Iterable):
            raise TypeError('ModuleList.extend should be called with an iterable, but got ' + type(modules).__name__)
        offset = len(self)
        for i, module in enumerate(modules):
            self.add_module(str(offset + i), module)
        return self


class ModuleDict(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        del self._modules[key]
        _scope.structure_changed()

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key):
        return key in self._modules

    def clear(self):
        self._modules.clear()
        _scope.structure_changed()

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()

    def update(self, modules):
        if not isinstance(modules, Iterable):
            raise TypeError('ModuleDict.update should be called with an iterable of key/value pairs, but got '
                            + type(modules).__name__)
        if isinstance(modules, (OrderedDict, ModuleDict, Mapping, dict)):
            for key, module in modules.items():
                self[key] = module
        else:
            for j, m in enumerate(modules):
                if not isinstance(m, Iterable):
                    raise TypeError('ModuleDict update sequence element #' + str(j) + ' should be Iterable; is'
                                    + type(m).__name__)
                if not len(m) == 2:
                    raise ValueError('ModuleDict update sequence element #' + str(j) + ' has length '
                                     + str(len(m)) + '; 2 is required')
                self[m[0]] = m[1]


def _param_line(k, p, type_str):
    if isinstance(p, torch.Tensor):
        size_str = 'x'.join(str(size) for size in p.size())
        device_str = f' ({p.device})' if p.device.type == 'cuda' else ''
        kind = 'Parameter' if isinstance(p, Parameter) else 'Tensor'
        return '  (' + str(k) + '): ' + f'{kind} containing: [{type_str(p)} of size {size_str}{device_str}]'
    return '  (' + str(k) + '): Object of type: ' + type(p).__name__


class ParameterList(Module):
    def __init__(self, values=None):
        super().__init__()
        self._size = 0
        if values is not None:
            self += values

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            start, stop, step = idx.indices(len(self))
            out = self.__class__()
            for i in range(start, stop, step):
                out.append(self[i])
            return out
        return getattr(self, _abs_string_index(self, idx))

    def __setitem__(self, idx, param):
        idx = _abs_string_index(self, idx)
        if isinstance(param, torch.Tensor) and not isinstance(param, Parameter):
            param = Parameter(param)
        return setattr(self, str(idx), param)

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter([self[i] for i in range(len(self))])

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def __dir__(self):
        return [key for key in super().__dir__() if not key.isdigit()]

    def append(self, value):
        new_idx = len(self)
        self._size += 1
        self[new_idx] = value
        return self

    def extend(self, values):
        if not isinstance(values, Iterable) or isinstance(values, torch.Tensor):
            raise TypeError('ParameterList.extend should be called with an iterable, but got '
                            + type(values).__name__)
        for value in values:
            self.append(value)
        return self

    def extra_repr(self):
        return '\n'.join(_param_line(k, p, lambda t: str(t.dtype)) for k, p in enumerate(self))

    def __call__(self, *args, **kwargs):
        raise RuntimeError('ParameterList should not be called.')


class ParameterDict(Module):
    def __init__(self, parameters=None):
        super().__init__()
        self._keys = {}
        if parameters is not None:
            self.update(parameters)

    def _key_to_attr(self, key):
        if not isinstance(key, str):
            raise TypeError('Index given to ParameterDict cannot be used as a key as it is '
                            f"not a string (type is '{type(key).__name__}'). Open an issue on "
                            'github if you need non-string keys.')
        return key

    def __getitem__(self, key):
        return getattr(self, self._key_to_attr(key))

    def __setitem__(self, key, value):
        self._keys[key] = None
        attr = self._key_to_attr(key)
        if isinstance(value, torch.Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        setattr(self, attr, value)

    def __delitem__(self, key):
        del self._keys[key]
        delattr(self, self._key_to_attr(key))

    def __len__(self):
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def __reversed__(self):
        return reversed(list(self._keys))

    def copy(self):
        return ParameterDict(OrderedDict((k, self[k]) for k in self._keys))

    def __contains__(self, key):
        return key in self._keys

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self):
        for k in self._keys.copy():
            del self[k]

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def popitem(self):
        k = list(self._keys)[-1]
        val = self[k]
        del self[k]
        return k, val

    def get(self, key, default=None):
        return self[key] if key in self else default

    def fromkeys(self, keys, default=None):
        return ParameterDict((k, default) for k in keys)

    def keys(self):
        return self._keys.keys()

    def items(self):
        return ((k, self[k]) for k in self._keys)

    def values(self):
        return (self[k] for k in self._keys)

    def update(self, parameters):
        if not isinstance(parameters, Iterable):
            raise TypeError('ParametersDict.update should be called with an iterable of key/value pairs, but got '
                            + type(parameters).__name__)
        if isinstance(parameters, (OrderedDict, ParameterDict)):
            for key, parameter in parameters.items():
                self[key] = parameter
        elif isinstance(parameters, (Mapping, dict)):
            for key, parameter in sorted(parameters.items()):
                self[key] = parameter
        else:
            for j, p in enumerate(parameters):
                if not isinstance(p, Iterable):
                    raise TypeError('ParameterDict update sequence element #' + str(j) + ' should be Iterable; is'
                                    + type(p).__name__)
                if not len(p) == 2:
                    raise ValueError('ParameterDict update sequence element #' + str(j) + ' has length '
                                     + str(len(p)) + '; 2 is required')
                self[p[0]] = p[1]

    def extra_repr(self):
        return '\n'.join(_param_line(k, p, _typename) for k, p in self.items())

    def __call__(self, input):
        raise RuntimeError('ParameterDict should not be called.')

    def __or__(self, other):
        copy = self.copy()
        copy.update(other)
        return copy

    def __ror__(self, other):
        copy = other.copy()
        copy.update(self)
        return copy

    def __ior__(self, other):
        self.update(other)
        return self
