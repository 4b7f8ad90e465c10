# torch.nn.utils.rnn: pad_sequence, pack_padded_sequence (sorted and
# enforce_sorted=False), pad_packed_sequence (total_length, batch_first),
# pack_sequence, unpack_sequence, PackedSequence as a namedtuple, and
# LSTM / GRU / RNN running on packed input with gradients.
import torch
from torch import nn
from torch.nn.utils.rnn import (PackedSequence, pad_sequence, pack_padded_sequence, pad_packed_sequence,
                                pack_sequence, unpack_sequence, unpad_sequence, invert_permutation)

torch.manual_seed(0)
seqs = [torch.randn(4, 2), torch.randn(2, 2), torch.randn(3, 2)]
padded = pad_sequence(seqs)
print(padded.shape)
print(pad_sequence(seqs, batch_first=True, padding_value=-1.0)[1])
print(pad_sequence(seqs, batch_first=True, padding_side='left')[1])
lengths = [4, 2, 3]
packed = pack_padded_sequence(padded, lengths, enforce_sorted=False)
print(isinstance(packed, tuple), type(packed).__name__, len(packed))
print(packed.batch_sizes, packed.sorted_indices, packed.unsorted_indices)
print(packed.data.shape)
data, batch_sizes, sorted_indices, unsorted_indices = packed
print(batch_sizes.dtype, sorted_indices.dtype)
print(invert_permutation(torch.tensor([2, 0, 1])))

lstm = nn.LSTM(2, 3, bidirectional=True)
out, (h, c) = lstm(packed)
print(type(out).__name__, out.data.shape, h.shape)
print(h)
unpacked, out_lengths = pad_packed_sequence(out)
print(unpacked.shape, out_lengths)
print(unpacked[:, 1])
unpacked.sum().backward()
print(lstm.weight_hh_l0.grad)

sorted_seqs = [torch.randn(3, 2, requires_grad=True), torch.randn(2, 2), torch.randn(1, 2)]
p2 = pack_sequence(sorted_seqs)
print(p2)
gru = nn.GRU(2, 2, batch_first=True)
o, hn = gru(p2, torch.ones(1, 3, 2))
print(hn)
o2, l2 = pad_packed_sequence(o, batch_first=True, total_length=5)
print(o2.shape, l2)
o2.pow(2).sum().backward()
print(sorted_seqs[0].grad)
print(o.data.grad_fn.name())

p3 = pack_sequence([torch.randn(1, 2), torch.randn(3, 2)], enforce_sorted=False)
rnn = nn.RNN(2, 2)
o3, h3 = rnn(p3, torch.zeros(1, 2, 2))
print(h3)
print([t.shape for t in unpack_sequence(o3)])
print(unpad_sequence(torch.arange(12.).reshape(3, 2, 2), torch.tensor([3, 1])))
print(PackedSequence(torch.ones(3, 1), torch.tensor([2, 1])))

for make in [lambda: pack_padded_sequence(padded, [2, 4, 3]),
             lambda: pad_packed_sequence(packed, total_length=2),
             lambda: pad_sequence(5),
             lambda: pack_padded_sequence(padded, [5, 1, 1])]:
    try:
        make()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
