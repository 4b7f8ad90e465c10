"""torch.nn.utils.rnn: PackedSequence and the functions that pack, pad and
unpack variable-length batches, through the ATen operators PyTorch calls
(_pack_padded_sequence, _pad_packed_sequence, pad_sequence), so gradients
flow through the same nodes."""
import torch
from collections import namedtuple
import _backstep_nn_ops as _nn

__all__ = ['PackedSequence', 'invert_permutation', 'pack_padded_sequence', 'pad_packed_sequence',
           'pad_sequence', 'unpad_sequence', 'pack_sequence', 'unpack_sequence']

PackedSequence_ = namedtuple('PackedSequence_', ['data', 'batch_sizes', 'sorted_indices', 'unsorted_indices'])


def _bind(optional, fn):
    return None if optional is None else fn(optional)


class PackedSequence(PackedSequence_):
    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        return super().__new__(cls, *_packed_sequence_init_args(data, batch_sizes, sorted_indices,
                                                                 unsorted_indices))

    def to(self, *args, **kwargs):
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        sorted_indices = _bind(self.sorted_indices, lambda t: t.to(data.device))
        unsorted_indices = _bind(self.unsorted_indices, lambda t: t.to(data.device))
        return type(self)(data, self.batch_sizes, sorted_indices, unsorted_indices)

    def cpu(self, *args, **kwargs):
        kwargs['device'] = 'cpu'
        return self.to(*args, **kwargs)

    def cuda(self, *args, **kwargs):
        kwargs['device'] = 'cuda'
        return self.to(*args, **kwargs)

    def double(self):
        return self.to(dtype=torch.double)

    def float(self):
        return self.to(dtype=torch.float)

    def half(self):
        return self.to(dtype=torch.half)

    def long(self):
        return self.to(dtype=torch.long)

    def int(self):
        return self.to(dtype=torch.int)

    @property
    def is_cuda(self):
        return self.data.is_cuda

    def is_pinned(self):
        return self.data.is_pinned()


def _packed_sequence_init_args(data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
    if unsorted_indices is None:
        unsorted_indices = invert_permutation(sorted_indices)
    if batch_sizes is not None:
        if batch_sizes.device.type != 'cpu':
            raise ValueError('batch_sizes should always be on CPU. Instances of PackedSequence should never be '
                             'created manually. They should be instantiated by functions like pack_sequence and '
                             'pack_padded_sequences in nn.utils.rnn. '
                             'https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence')
        return data, batch_sizes, sorted_indices, unsorted_indices
    if not (isinstance(data, (list, tuple)) and len(data) == 2):
        raise AssertionError('Expected data to be a list or tuple of length 2')
    return data[0], data[1], sorted_indices, unsorted_indices


def invert_permutation(permutation):
    if permutation is None:
        return None
    output = torch.empty_like(permutation)
    output.scatter_(0, permutation, torch.arange(0, permutation.numel(), device=permutation.device))
    return output


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    if not isinstance(lengths, torch.Tensor):
        lengths = torch.as_tensor(lengths, dtype=torch.int64, device='cpu')
    else:
        lengths = lengths.to(dtype=torch.int64)
    sorted_indices = None
    if not enforce_sorted:
        lengths, sorted_indices = torch.sort(lengths, descending=True)
        sorted_indices = sorted_indices.to(input.device)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    data, batch_sizes = torch._pack_padded_sequence(input, lengths, batch_first)
    return PackedSequence(data, batch_sizes, sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    max_seq_length = sequence.batch_sizes.size(0)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError('Expected total_length to be at least the length of the longest sequence in input, '
                             f'but got total_length={total_length} and max sequence length being {max_seq_length}')
        max_seq_length = total_length
    padded_output, lengths = torch._pad_packed_sequence(sequence.data, sequence.batch_sizes, batch_first,
                                                        padding_value, max_seq_length)
    unsorted_indices = sequence.unsorted_indices
    if unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return padded_output.index_select(batch_dim, unsorted_indices), lengths[unsorted_indices.cpu()]
    return padded_output, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side='right'):
    if not hasattr(sequences, '__iter__'):
        raise RuntimeError('pad_sequence: Expected iterable for input sequences, but got arg of type: '
                           f'{type(sequences)}')
    return _nn.pad_sequence(tuple(sequences), batch_first, padding_value, padding_side)


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    unpadded_sequences = []
    if not batch_first:
        padded_sequences.transpose_(0, 1)
    idx = torch.arange(padded_sequences.shape[1], device=lengths.device)
    for seq, length in zip(padded_sequences, lengths):
        unpadded_sequences.append(seq[idx < length])
    return unpadded_sequences


def pack_sequence(sequences, enforce_sorted=True):
    lengths = torch.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    padded_sequences, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded_sequences, lengths, batch_first=True)
