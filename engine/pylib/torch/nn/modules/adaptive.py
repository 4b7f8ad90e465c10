"""AdaptiveLogSoftmaxWithLoss (Grave et al., "Efficient softmax approximation
for GPUs"): a head Linear scores the shortlist (classes below cutoffs[0]) and
one entry per cluster; cluster i's classes are scored by tail[i], a two-layer
projection whose hidden size shrinks by div_value per cluster. The forward
walks the clusters in order with the index ops PyTorch's module uses, so the
graph and the numbers are PyTorch's."""
from collections import namedtuple

import torch
import torch.nn.functional as F
from torch.nn.modules.module import Module
from torch.nn.modules.container import Sequential, ModuleList
from torch.nn.modules.linear import Linear

__all__ = ['AdaptiveLogSoftmaxWithLoss']

_ASMoutput = namedtuple('_ASMoutput', ['output', 'loss'])


def _valid_cutoffs(cutoffs, n_classes):
    return (cutoffs == sorted(cutoffs) and min(cutoffs) > 0 and max(cutoffs) <= n_classes - 1
            and len(set(cutoffs)) == len(cutoffs) and all(int(c) == c for c in cutoffs))


class AdaptiveLogSoftmaxWithLoss(Module):
    def __init__(self, in_features, n_classes, cutoffs, div_value=4.0, head_bias=False, device=None, dtype=None):
        super().__init__()
        factory_kwargs = {'device': device, 'dtype': dtype}
        cutoffs = list(cutoffs)
        if len(cutoffs) == 0:
            raise ValueError('cutoffs should be a sequence of length larger than 0')
        if not _valid_cutoffs(cutoffs, n_classes):
            raise ValueError('cutoffs should be a sequence of unique, positive integers sorted in an increasing '
                             'order, where each value is between 1 and n_classes-1')
        self.in_features = in_features
        self.n_classes = n_classes
        self.cutoffs = cutoffs + [n_classes]
        self.div_value = div_value
        self.head_bias = head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        # Creation order (head, then each cluster's two projections) fixes
        # the draws from the generator, as in PyTorch.
        self.head = Linear(self.in_features, self.head_size, bias=self.head_bias, **factory_kwargs)
        self.tail = ModuleList()
        for i in range(self.n_clusters):
            hsz = int(self.in_features // (self.div_value ** (i + 1)))
            osz = self.cutoffs[i + 1] - self.cutoffs[i]
            self.tail.append(Sequential(Linear(self.in_features, hsz, bias=False, **factory_kwargs),
                                        Linear(hsz, osz, bias=False, **factory_kwargs)))

    def reset_parameters(self):
        self.head.reset_parameters()
        for i2h, h2o in self.tail:
            i2h.reset_parameters()
            h2o.reset_parameters()

    def forward(self, input_, target_):
        targ_dim = target_.dim()
        if targ_dim == 1:
            if input_.size(0) != target_.size(0):
                raise RuntimeError('Input and target should have the same size in the batch dimension.')
            if input_.dim() != 2:
                raise RuntimeError(f'1D target tensor expects 2D input tensors, but found inputs with size {input_.size()}')
        elif targ_dim == 0:
            if input_.dim() != 1:
                raise RuntimeError(f'0D target tensor expects 1D input tensors, but found inputs with size {input_.size()}')
        else:
            raise RuntimeError('0D or 1D target tensor expected, multi-target not supported')
        is_batched = targ_dim > 0
        input = input_ if is_batched else input_.unsqueeze(0)
        target = target_ if is_batched else target_.unsqueeze(0)
        batch_size = target.size(0)
        output = input.new_zeros(batch_size)
        # Per row: the head column to read (its class in the shortlist, or
        # its cluster's entry); clustered rows also add their in-cluster
        # log-probability into output.
        gather_inds = target.new_empty(batch_size)
        used_rows = 0
        bounds = [0] + self.cutoffs
        for i in range(len(bounds) - 1):
            low, high = bounds[i], bounds[i + 1]
            mask = (target >= low) & (target < high)
            rows = mask.nonzero().squeeze()
            if rows.numel() == 0:
                continue
            if i == 0:
                gather_inds.index_copy_(0, rows, target[mask])
            else:
                relative_target = target[mask] - low
                cluster_output = self.tail[i - 1](input.index_select(0, rows))
                gather_inds.index_fill_(0, rows, self.shortlist_size + i - 1)
                cluster_logprob = F.log_softmax(cluster_output, dim=1)
                local_logprob = cluster_logprob.gather(1, relative_target.unsqueeze(1))
                output.index_copy_(0, rows, local_logprob.squeeze(1))
            used_rows += rows.numel()
        if used_rows != batch_size:
            raise RuntimeError(f'Target values should be in [0, {self.n_classes - 1}], but values in range '
                               f'[{target.min().item()}, {target.max().item()}] were found. ')
        head_logprob = F.log_softmax(self.head(input), dim=1)
        output += head_logprob.gather(1, gather_inds.unsqueeze(1)).squeeze()
        loss = (-output).mean()
        if not is_batched:
            output = output.squeeze(0)
        return _ASMoutput(output, loss)

    def _get_full_log_prob(self, input, head_output):
        out = input.new_empty((head_output.size(0), self.n_classes))
        head_logprob = F.log_softmax(head_output, dim=1)
        out[:, :self.shortlist_size] = head_logprob[:, :self.shortlist_size]
        for i, (start, stop) in enumerate(zip(self.cutoffs, self.cutoffs[1:])):
            cluster_logprob = F.log_softmax(self.tail[i](input), dim=1)
            out[:, start:stop] = cluster_logprob + head_logprob[:, self.shortlist_size + i].unsqueeze(1)
        return out

    def log_prob(self, input):
        # Batched input only, as in PyTorch (forward alone takes one sample).
        return self._get_full_log_prob(input, self.head(input))

    def predict(self, input):
        # Batched input only: argmax over dim 1 of the head's output.
        head_output = self.head(input)
        output = torch.argmax(head_output, dim=1)
        not_in_shortlist = output >= self.shortlist_size
        if not not_in_shortlist.any():
            pass
        elif not_in_shortlist.all():
            output = torch.argmax(self._get_full_log_prob(input, head_output), dim=1)
        else:
            log_prob = self._get_full_log_prob(input[not_in_shortlist], head_output[not_in_shortlist])
            output[not_in_shortlist] = torch.argmax(log_prob, dim=1)
        return output
