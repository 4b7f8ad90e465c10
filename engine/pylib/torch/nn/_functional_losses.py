"""torch.nn.functional's losses over the ATen loss ops PyTorch's F calls,
with reduction= turned into ATen's enum by torch.nn._reduction (and the
legacy size_average / reduce flags with their warnings), the shape checks
and warnings PyTorch makes first, and the losses PyTorch writes in Python
(gaussian_nll_loss, multilabel_soft_margin_loss, weighted l1/mse/huber,
triplet_margin_with_distance_loss) op for op."""

import math
import warnings

import torch
import _backstep_nn_ops as _nn
from torch.nn import _reduction as _Reduction
from torch.nn._functional_utils import _broadcast_shapes


# Note [Legacy reduction warnings where PyTorch makes them]
# The size_average/reduce deprecation is warned from inside each loss (its
# stacklevel names the loss's line, as in PyTorch), never from a shared
# helper: under the 'default' action a warning shows once per location, so
# a helper would silence the second loss's warning where PyTorch shows it.


def _warn_broadcast_target(input, target):
    if target.size() != input.size():
        warnings.warn(f'Using a target size ({target.size()}) that is different to the input size '
                      f'({input.size()}). This will likely lead to incorrect results due to broadcasting. '
                      'Please ensure they have the same size.', stacklevel=3)


def _reduce_weighted(loss, weight, reduction, mean_over_weight):
    if reduction == 'none':
        return loss
    if reduction == 'sum':
        return torch.sum(loss)
    if reduction == 'mean':
        return torch.sum(loss) / torch.sum(weight) if mean_over_weight else loss.mean()
    raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'.")


def _check_weight_size(weight, input):
    if weight.size() != input.size():
        raise ValueError('Weights and input must have the same size.')


def l1_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None):
    _warn_broadcast_target(input, target)
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    if weight is None:
        return _nn.l1_loss(expanded_input, expanded_target, _Reduction.get_enum(reduction))
    _check_weight_size(weight, input)
    return _reduce_weighted(torch.abs(expanded_input - expanded_target) * weight, weight, reduction, True)


def mse_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None):
    _warn_broadcast_target(input, target)
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    if weight is None:
        return _nn.mse_loss(expanded_input, expanded_target, _Reduction.get_enum(reduction))
    _check_weight_size(weight, input)
    return _reduce_weighted(torch.pow(expanded_input - expanded_target, 2) * weight, weight, reduction, True)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0):
    _warn_broadcast_target(input, target)
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    if beta == 0.0:
        return _nn.l1_loss(expanded_input, expanded_target, _Reduction.get_enum(reduction))
    return _nn.smooth_l1_loss(expanded_input, expanded_target, _Reduction.get_enum(reduction), beta)


def huber_loss(input, target, reduction='mean', delta=1.0, weight=None):
    _warn_broadcast_target(input, target)
    expanded_input, expanded_target = torch.broadcast_tensors(input, target)
    if weight is None:
        return _nn.huber_loss(expanded_input, expanded_target, _Reduction.get_enum(reduction), delta)
    _check_weight_size(weight, input)
    unweighted = _nn.huber_loss(expanded_input, expanded_target, _Reduction.get_enum('none'), delta)
    return _reduce_weighted(unweighted * weight, weight, reduction, False)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)
    return _nn.nll_loss_nd(input, target, weight, _Reduction.get_enum(reduction), ignore_index)


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction='mean', label_smoothing=0.0):
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)
    return _nn.cross_entropy_loss(input, target, weight, _Reduction.get_enum(reduction), ignore_index,
                                  label_smoothing)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    else:
        reduction_enum = _Reduction.get_enum(reduction)
    if target.size() != input.size():
        raise ValueError(f'Using a target size ({target.size()}) that is different to the input size '
                         f'({input.size()}) is deprecated. Please ensure they have the same size.')
    if weight is not None:
        weight = weight.expand(_broadcast_shapes(target.size(), weight.size()))
    return _nn.binary_cross_entropy(input, target, weight, reduction_enum)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction='mean', pos_weight=None):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    else:
        reduction_enum = _Reduction.get_enum(reduction)
    if not target.size() == input.size():
        raise ValueError(f'Target size ({target.size()}) must be the same as input size ({input.size()})')
    return torch.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction_enum)


def kl_div(input, target, size_average=None, reduce=None, reduction='mean', log_target=False):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    else:
        if reduction == 'mean':
            warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the support "
                          "size.'batchmean' divides only by the batch size, and aligns with the KL div math "
                          "definition.'mean' will be changed to behave the same as 'batchmean' in the next "
                          'major release.', stacklevel=2)
        reduction_enum = _Reduction.get_enum('sum' if reduction == 'batchmean' else reduction)
    reduced = torch.kl_div(input, target, reduction_enum, log_target=log_target)
    if reduction == 'batchmean' and input.dim() != 0:
        reduced = reduced / input.size()[0]
    return reduced


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-08, reduce=None,
                     reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)
    if reduction != 'none' and reduction != 'mean' and reduction != 'sum':
        raise ValueError(reduction + ' is not a valid value for reduction')
    return torch.poisson_nll_loss(input, target, log_input, full, eps, _Reduction.get_enum(reduction))


def gaussian_nll_loss(input, target, var, full=False, eps=1e-06, reduction='mean'):
    if isinstance(var, float):
        if var < 0:
            raise ValueError('var has negative entry/entries')
        var = var * torch.ones_like(input)
    elif torch.any(var < 0):
        raise ValueError('var has negative entry/entries')
    if var.size() != input.size():
        # One variance per batch element (last dim dropped), or a shape that
        # broadcasts along exactly one dimension.
        if input.size()[:-1] == var.size():
            var = torch.unsqueeze(var, -1)
        elif input.ndim == var.ndim and sum(y for x, y in zip(input.size(), var.size()) if x != y) == 1:
            pass
        else:
            raise ValueError('var is of incorrect size')
    if reduction != 'none' and reduction != 'mean' and reduction != 'sum':
        raise ValueError(reduction + ' is not valid')
    # Clamped for stability without the clamp reaching the gradient.
    var = var.clone()
    with torch.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    return loss


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    else:
        reduction_enum = _Reduction.get_enum(reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError('margin_ranking_loss : All input tensors should have same dimension but got sizes: '
                           f'input1: {input1.size()}, input2: {input2.size()}, target: {target.size()} ')
    return torch.margin_ranking_loss(input1, input2, target, margin, reduction_enum)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    else:
        reduction_enum = _Reduction.get_enum(reduction)
    return torch.hinge_embedding_loss(input, target, margin, reduction_enum)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    else:
        reduction_enum = _Reduction.get_enum(reduction)
    return _nn.multilabel_margin_loss(input, target, reduction_enum)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    else:
        reduction_enum = _Reduction.get_enum(reduction)
    return _nn.soft_margin_loss(input, target, reduction_enum)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)
    loss = -(target * _nn.log_sigmoid(input) + (1 - target) * _nn.log_sigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction == 'none':
        return loss
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    raise ValueError(reduction + ' is not valid')


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    else:
        reduction_enum = _Reduction.get_enum(reduction)
    return torch.cosine_embedding_loss(input1, input2, target, margin, reduction_enum)


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None,
                      reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    else:
        reduction_enum = _Reduction.get_enum(reduction)
    if p != 1 and p != 2:
        raise ValueError('only p == 1 and p == 2 supported')
    if weight is not None and weight.dim() != 1:
        raise ValueError('weight must be one-dimensional')
    return _nn.multi_margin_loss(input, target, p, margin, weight, reduction_enum)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, size_average=None,
                        reduce=None, reduction='mean'):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    else:
        reduction_enum = _Reduction.get_enum(reduction)
    if margin <= 0:
        raise ValueError(f'margin must be greater than 0, got {margin}')
    return torch.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, reduction_enum)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0,
                                      swap=False, reduction='mean'):
    if reduction not in ('mean', 'sum', 'none'):
        raise ValueError(f'{reduction} is not a valid value for reduction')
    if margin <= 0:
        raise ValueError(f'margin must be greater than 0, got {margin}')
    a_dim, p_dim, n_dim = anchor.ndim, positive.ndim, negative.ndim
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError('The anchor, positive, and negative tensors are expected to have the same number '
                           f'of dimensions, but got: anchor {a_dim}D, positive {p_dim}D, and negative '
                           f'{n_dim}D inputs')
    distance = torch.pairwise_distance if distance_function is None else distance_function
    dist_pos = distance(anchor, positive)
    dist_neg = distance(anchor, negative)
    if swap:
        dist_neg = torch.minimum(dist_neg, distance(positive, negative))
    loss = torch.clamp_min(margin + dist_pos - dist_neg, 0)
    if reduction == 'sum':
        return torch.sum(loss)
    if reduction == 'mean':
        return torch.mean(loss)
    return loss


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction='mean', zero_infinity=False):
    return torch.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, _Reduction.get_enum(reduction),
                          zero_infinity)
