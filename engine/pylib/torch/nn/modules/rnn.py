"""RNN, LSTM (proj_size), GRU and their cells.

The layers call the fused ATen operators PyTorch's call on this device
(torch._VF.lstm / gru / rnn_tanh / rnn_relu and the *_cell ones), with the
flat weight list in PyTorch's order, so the autograd graph holds PyTorch's
nodes and a seeded model draws PyTorch's initial numbers."""
import math
import warnings

import torch
from torch import _VF
from torch.nn import init
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module
from torch.nn.utils.rnn import PackedSequence

__all__ = ['RNNBase', 'RNN', 'LSTM', 'GRU', 'RNNCellBase', 'RNNCell', 'LSTMCell', 'GRUCell']

_GATES = {'LSTM': 4, 'GRU': 3, 'RNN_TANH': 1, 'RNN_RELU': 1}


def _apply_permutation(tensor, permutation, dim=1):
    return tensor.index_select(dim, permutation)


def _check_rnn_args(input_size, hidden_size, num_layers, bias, batch_first, dropout, proj_size):
    if not isinstance(dropout, (int, float)) or isinstance(dropout, bool) or not 0 <= dropout <= 1:
        raise ValueError('dropout should be a number in range [0, 1] representing the probability of an '
                         'element being zeroed')
    if dropout > 0 and num_layers == 1:
        warnings.warn('dropout option adds dropout after all but last recurrent layer, so non-zero dropout '
                      f'expects num_layers greater than 1, but got dropout={dropout} and '
                      f'num_layers={num_layers}', stacklevel=3)
    for name, value, kind in (('bias', bias, bool), ('batch_first', batch_first, bool),
                              ('input_size', input_size, int)):
        if not isinstance(value, kind):
            raise TypeError(f'{name} should be of type {kind.__name__}, got: {type(value).__name__}')
    if input_size <= 0:
        raise ValueError('input_size must be greater than zero')
    if not isinstance(hidden_size, int):
        raise TypeError(f'hidden_size should be of type int, got: {type(hidden_size).__name__}')
    if hidden_size <= 0:
        raise ValueError('hidden_size must be greater than zero')
    if num_layers <= 0:
        raise ValueError('num_layers must be greater than zero')
    if proj_size < 0:
        raise ValueError('proj_size should be a positive integer or zero to disable projections')
    if proj_size >= hidden_size:
        raise ValueError('proj_size has to be smaller than hidden_size')


class RNNBase(Module):
    __constants__ = ['mode', 'input_size', 'hidden_size', 'num_layers', 'bias', 'batch_first', 'dropout',
                     'bidirectional', 'proj_size']

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        _check_rnn_args(input_size, hidden_size, num_layers, bias, batch_first, dropout, proj_size)
        if mode not in _GATES:
            raise ValueError('Unrecognized RNN mode: ' + mode)
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(2 if bidirectional else 1):
                self._add_layer_params(layer, direction, _GATES[mode] * hidden_size, device, dtype)
        self._init_flat_weights()
        self.reset_parameters()

    def _add_layer_params(self, layer, direction, gate_size, device, dtype):
        # Note [RNN parameter order]: PyTorch creates all five tensors (w_hr
        # only with projections) before choosing which to keep; empty() draws
        # nothing, so only the names and the order of registration matter.
        real_hidden = self.proj_size if self.proj_size > 0 else self.hidden_size
        num_directions = 2 if self.bidirectional else 1
        in_size = self.input_size if layer == 0 else real_hidden * num_directions
        shapes = [('weight_ih_l', (gate_size, in_size)), ('weight_hh_l', (gate_size, real_hidden))]
        if self.bias:
            shapes += [('bias_ih_l', (gate_size,)), ('bias_hh_l', (gate_size,))]
        if self.proj_size > 0:
            shapes += [('weight_hr_l', (self.proj_size, self.hidden_size))]
        suffix = '_reverse' if direction == 1 else ''
        names = []
        for prefix, shape in shapes:
            name = f'{prefix}{layer}{suffix}'
            setattr(self, name, Parameter(torch.empty(shape, device=device, dtype=dtype)))
            names.append(name)
        self._flat_weights_names.extend(names)
        self._all_weights.append(names)

    def _init_flat_weights(self):
        self._flat_weights = [getattr(self, wn) if hasattr(self, wn) else None for wn in self._flat_weights_names]

    def __setattr__(self, attr, value):
        if hasattr(self, '_flat_weights_names') and attr in self._flat_weights_names:
            self._flat_weights[self._flat_weights_names.index(attr)] = value
        super().__setattr__(attr, value)

    def flatten_parameters(self):
        # Only cuDNN packs the weights into one buffer; on the CPU there is nothing to do.
        return None

    def _apply(self, fn, recurse=True):
        ret = super()._apply(fn, recurse)
        self._init_flat_weights()
        return ret

    def _update_flat_weights(self):
        self._init_flat_weights()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def check_input(self, input, batch_sizes):
        weight_dtype = self._flat_weights[0].dtype
        if input.dtype != weight_dtype:
            raise ValueError(f'RNN input dtype ({input.dtype}) does not match weight dtype ({weight_dtype}). '
                             f'Convert input: input.to({weight_dtype}), or convert model: model.to({input.dtype})')
        expected_input_dim = 2 if batch_sizes is not None else 3
        if input.dim() != expected_input_dim:
            raise RuntimeError(f'input must have {expected_input_dim} dimensions, got {input.dim()}')
        if self.input_size != input.size(-1):
            raise RuntimeError('input.size(-1) must be equal to input_size. '
                               f'Expected {self.input_size}, got {input.size(-1)}')

    def _mini_batch(self, input, batch_sizes):
        if batch_sizes is not None:
            return int(batch_sizes[0])
        return input.size(0) if self.batch_first else input.size(1)

    def get_expected_hidden_size(self, input, batch_sizes):
        num_directions = 2 if self.bidirectional else 1
        size = self.proj_size if self.proj_size > 0 else self.hidden_size
        return (self.num_layers * num_directions, self._mini_batch(input, batch_sizes), size)

    def check_hidden_size(self, hx, expected_hidden_size, msg='Expected hidden size {}, got {}'):
        if tuple(hx.size()) != expected_hidden_size:
            raise RuntimeError(msg.format(expected_hidden_size, list(hx.size())))

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden, self.get_expected_hidden_size(input, batch_sizes))

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return _apply_permutation(hx, permutation)

    def _zeros(self, input, batch, size):
        num_directions = 2 if self.bidirectional else 1
        return torch.zeros(self.num_layers * num_directions, batch, size, dtype=input.dtype, device=input.device)

    def extra_repr(self):
        s = f'{self.input_size}, {self.hidden_size}'
        if self.proj_size != 0:
            s += f', proj_size={self.proj_size}'
        if self.num_layers != 1:
            s += f', num_layers={self.num_layers}'
        if self.bias is not True:
            s += f', bias={self.bias}'
        if self.batch_first is not False:
            s += f', batch_first={self.batch_first}'
        if self.dropout != 0:
            s += f', dropout={self.dropout}'
        if self.bidirectional is not False:
            s += f', bidirectional={self.bidirectional}'
        return s

    @property
    def all_weights(self):
        return [[getattr(self, weight) for weight in weights] for weights in self._all_weights]

    def _run(self, op, input, batch_sizes, hx):
        # The packed overloads take batch_sizes second and no batch_first.
        if batch_sizes is None:
            return op(input, hx, self._flat_weights, self.bias, self.num_layers, self.dropout, self.training,
                      self.bidirectional, self.batch_first)
        return op(input, batch_sizes, hx, self._flat_weights, self.bias, self.num_layers, self.dropout,
                  self.training, self.bidirectional)

    def _forward_single_state(self, op, name, input, hx):
        """RNN and GRU: one hidden-state tensor."""
        self._update_flat_weights()
        orig_input = input
        is_batched = True
        batch_dim = 0 if self.batch_first else 1
        sorted_indices = None
        unsorted_indices = None
        batch_sizes = None
        if isinstance(orig_input, PackedSequence):
            input, batch_sizes, sorted_indices, unsorted_indices = input
            max_batch_size = int(batch_sizes[0])
        else:
            if input.dim() not in (2, 3):
                raise ValueError(f'{name}: Expected input to be 2D or 3D, got {input.dim()}D '
                                 + ('tensor instead' if name == 'RNN' else 'instead'))
            is_batched = input.dim() == 3
            if not is_batched:
                input = input.unsqueeze(batch_dim)
                if hx is not None:
                    if hx.dim() != 2:
                        raise RuntimeError('For unbatched 2-D input, hx should also be 2-D but got '
                                           f'{hx.dim()}-D tensor')
                    hx = hx.unsqueeze(1)
            elif hx is not None and hx.dim() != 3:
                raise RuntimeError(f'For batched 3-D input, hx should also be 3-D but got {hx.dim()}-D tensor')
            max_batch_size = input.size(0) if self.batch_first else input.size(1)
        if hx is None:
            hx = self._zeros(input, max_batch_size, self.hidden_size)
        else:
            hx = self.permute_hidden(hx, sorted_indices)
        self.check_forward_args(input, hx, batch_sizes)
        result = self._run(op, input, batch_sizes, hx)
        output = result[0]
        hidden = result[1]
        if isinstance(orig_input, PackedSequence):
            return (PackedSequence(output, batch_sizes, sorted_indices, unsorted_indices),
                    self.permute_hidden(hidden, unsorted_indices))
        if not is_batched:
            output = output.squeeze(batch_dim)
            hidden = hidden.squeeze(1)
        return output, self.permute_hidden(hidden, unsorted_indices)


class RNN(RNNBase):
    def __init__(self, *args, **kwargs):
        if 'proj_size' in kwargs:
            raise ValueError('proj_size argument is only supported for LSTM, not RNN or GRU')
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop('nonlinearity', 'tanh')
        if self.nonlinearity == 'tanh':
            mode = 'RNN_TANH'
        elif self.nonlinearity == 'relu':
            mode = 'RNN_RELU'
        else:
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' or 'relu'.")
        super().__init__(mode, *args, **kwargs)

    def forward(self, input, hx=None):
        op = _VF.rnn_tanh if self.mode == 'RNN_TANH' else _VF.rnn_relu
        return self._forward_single_state(op, 'RNN', input, hx)


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        if 'proj_size' in kwargs:
            raise ValueError('proj_size argument is only supported for LSTM, not RNN or GRU')
        super().__init__('GRU', *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward_single_state(_VF.gru, 'GRU', input, hx)


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__('LSTM', *args, **kwargs)

    def get_expected_cell_size(self, input, batch_sizes):
        num_directions = 2 if self.bidirectional else 1
        return (self.num_layers * num_directions, self._mini_batch(input, batch_sizes), self.hidden_size)

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden[0], self.get_expected_hidden_size(input, batch_sizes),
                               'Expected hidden[0] size {}, got {}')
        self.check_hidden_size(hidden[1], self.get_expected_cell_size(input, batch_sizes),
                               'Expected hidden[1] size {}, got {}')

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return _apply_permutation(hx[0], permutation), _apply_permutation(hx[1], permutation)

    def _zero_state(self, input, batch):
        real_hidden = self.proj_size if self.proj_size > 0 else self.hidden_size
        return (self._zeros(input, batch, real_hidden), self._zeros(input, batch, self.hidden_size))

    def _check_state_dims(self, hx, is_batched):
        want = 3 if is_batched else 2
        if hx[0].dim() != want or hx[1].dim() != want:
            kind = 'batched 3-D' if is_batched else 'unbatched 2-D'
            raise RuntimeError(f'For {kind} input, hx and cx should also be {want}-D but got '
                               f'({hx[0].dim()}-D, {hx[1].dim()}-D) tensors')

    def forward(self, input, hx=None):
        self._update_flat_weights()
        orig_input = input
        batch_sizes = None
        sorted_indices = None
        unsorted_indices = None
        is_batched = True
        batch_dim = 0 if self.batch_first else 1
        if isinstance(orig_input, PackedSequence):
            input, batch_sizes, sorted_indices, unsorted_indices = input
            if hx is None:
                hx = self._zero_state(input, int(batch_sizes[0]))
            else:
                hx = self.permute_hidden(hx, sorted_indices)
        else:
            if input.dim() not in (2, 3):
                raise ValueError(f'LSTM: Expected input to be 2D or 3D, got {input.dim()}D instead')
            is_batched = input.dim() == 3
            if not is_batched:
                input = input.unsqueeze(batch_dim)
            max_batch_size = input.size(0) if self.batch_first else input.size(1)
            if hx is None:
                hx = self._zero_state(input, max_batch_size)
                self.check_forward_args(input, hx, batch_sizes)
            else:
                self._check_state_dims(hx, is_batched)
                if not is_batched:
                    hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
                self.check_forward_args(input, hx, batch_sizes)
                hx = self.permute_hidden(hx, sorted_indices)
        result = self._run(_VF.lstm, input, batch_sizes, hx)
        output = result[0]
        hidden = (result[1], result[2])
        if isinstance(orig_input, PackedSequence):
            return (PackedSequence(output, batch_sizes, sorted_indices, unsorted_indices),
                    self.permute_hidden(hidden, unsorted_indices))
        if not is_batched:
            output = output.squeeze(batch_dim)
            hidden = (hidden[0].squeeze(1), hidden[1].squeeze(1))
        return output, self.permute_hidden(hidden, unsorted_indices)


class RNNCellBase(Module):
    __constants__ = ['input_size', 'hidden_size', 'bias']

    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size), device=device, dtype=dtype))
        self.weight_hh = Parameter(torch.empty((num_chunks * hidden_size, hidden_size), device=device, dtype=dtype))
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
        else:
            self.register_parameter('bias_ih', None)
            self.register_parameter('bias_hh', None)
        self.reset_parameters()

    def extra_repr(self):
        s = f'{self.input_size}, {self.hidden_size}'
        if self.bias is not True:
            s += f', bias={self.bias}'
        nonlinearity = getattr(self, 'nonlinearity', 'tanh')
        if nonlinearity != 'tanh':
            s += f', nonlinearity={nonlinearity}'
        return s

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _batch_input(self, name, input, hx):
        """Checks dims, adds the batch dimension to unbatched input and hx, makes a zero hx."""
        if input.dim() not in (1, 2):
            raise ValueError(f'{name}: Expected input to be 1D or 2D, got {input.dim()}D instead')
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f'{name}: Expected hidden to be 1D or 2D, got {hx.dim()}D instead')
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
        elif not is_batched:
            hx = hx.unsqueeze(0)
        return input, hx, is_batched


class RNNCell(RNNCellBase):
    __constants__ = ['input_size', 'hidden_size', 'bias', 'nonlinearity']

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity='tanh', device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        input, hx, is_batched = self._batch_input('RNNCell', input, hx)
        if self.nonlinearity == 'tanh':
            ret = _VF.rnn_tanh_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        elif self.nonlinearity == 'relu':
            ret = _VF.rnn_relu_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        else:
            raise RuntimeError(f'Unknown nonlinearity: {self.nonlinearity}')
        return ret if is_batched else ret.squeeze(0)


class LSTMCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f'LSTMCell: Expected input to be 1D or 2D, got {input.dim()}D instead')
        if hx is not None:
            for idx, value in enumerate(hx):
                if value.dim() not in (1, 2):
                    raise ValueError(f'LSTMCell: Expected hx[{idx}] to be 1D or 2D, got {value.dim()}D instead')
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
            hx = (zeros, zeros)
        elif not is_batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
        ret = _VF.lstm_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        if not is_batched:
            ret = (ret[0].squeeze(0), ret[1].squeeze(0))
        return ret


class GRUCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        input, hx, is_batched = self._batch_input('GRUCell', input, hx)
        ret = _VF.gru_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return ret if is_batched else ret.squeeze(0)
