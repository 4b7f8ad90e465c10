"""torch.nn.functional's newest functions: linear_cross_entropy (the
reference path, linear then cross_entropy, or with `options` PyTorch's
chunked ops in _functional_lce_chunked) and the grouped / scaled
matrix products, which call their ATen ops (CUDA-only ones raise PyTorch's
own error on this device)."""

import math
import warnings

import torch
import _backstep_nn_ops as _nn
from torch.nn._functional_losses import cross_entropy
from torch.nn import _functional_lce_chunked


def _chunked_applies(input, linear_weight, target, linear_bias, reduction, label_smoothing, options):
    """Whether PyTorch 2.15 routes this call to its chunked ops; warns when
    `options` was given but cannot be honoured."""
    if options is None:
        return False
    out_features = tuple(linear_weight.shape[1:-1])
    logits_shape = (*input.shape[:-1], linear_weight.shape[0], *out_features)
    # The chunked ops give no gradient to a probability target.
    prob_ok = (tuple(target.shape) == logits_shape and target.dtype == input.dtype
               and not (target.requires_grad and torch.is_grad_enabled()))
    applies = (reduction in ('mean', 'sum', 'none') and label_smoothing == 0.0
               and (target.dtype == torch.int64 or prob_ok) and not out_features)
    if not applies:
        bias_shape = tuple(linear_bias.shape) if linear_bias is not None else None
        warnings.warn("linear_cross_entropy: ``options`` ignored; chunked path needs reduction in "
                      "{'mean','sum','none'}, label_smoothing == 0, target.dtype == int64 (or a probability "
                      "target with dtype matching input and requires_grad == False), out_features == (). Got "
                      f"reduction={reduction!r}, label_smoothing={label_smoothing}, target.dtype={target.dtype}, "
                      f"out_features={out_features}, tracing=False, target.requires_grad={target.requires_grad}, "
                      f"linear_bias.shape={bias_shape}.", stacklevel=3)
    return applies


def linear_cross_entropy(input, linear_weight, target, *, linear_bias=None, weight=None, reduction='mean',
                         ignore_index=None, label_smoothing=0.0, options=None):
    if input.dim() < 1 or input.dim() > 2:
        raise RuntimeError(f'expected input with dimensionality 1 or 2, got {input.dim()}')
    if linear_weight.dim() < 2:
        raise RuntimeError(f'expected linear_weight with dimensionality at least 2, got {linear_weight.dim()}')
    batch_shape = tuple(input.shape[:-1])
    in_features = input.shape[-1]
    if in_features != linear_weight.shape[-1]:
        raise RuntimeError('expected equal input and linear_weight last dimensions (in_features), got '
                           f'{input.shape[-1]} and {linear_weight.shape[-1]}, respectively')
    num_classes = linear_weight.shape[0]
    out_features = tuple(linear_weight.shape[1:-1])
    if linear_bias is not None and tuple(linear_bias.shape) != (num_classes, *out_features):
        raise RuntimeError(f'expected linear_bias shape {(num_classes, *out_features)}, got '
                           f'{tuple(linear_bias.shape)}')
    if len(out_features) > 0 and len(batch_shape) == 0:
        raise RuntimeError(f'K-dimensional loss defined by linear_weight shape {tuple(linear_weight.shape)} '
                           f'requires batched input, (N, {in_features}), got unbatched input with shape '
                           f'{tuple(input.shape)}')
    logits_shape = (*batch_shape, num_classes, *out_features)
    if tuple(target.shape) == logits_shape and ignore_index is not None:
        raise RuntimeError('ignore_index cannot be specified when target contains probabilities')
    ignore_index = -100 if ignore_index is None else ignore_index
    if _chunked_applies(input, linear_weight, target, linear_bias, reduction, label_smoothing, options):
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
            target = target.unsqueeze(0)
        options = options._adjust(num_batches=input.shape[0], in_features=in_features, num_classes=num_classes,
                                  dtype=input.dtype, device=input.device,
                                  prob_target=target.dtype.is_floating_point)
        result = _functional_lce_chunked.chunked(input, linear_weight, target, linear_bias, weight, reduction,
                                                 ignore_index, options)
        return result if batched else result.squeeze(0)
    if out_features:
        rows = math.prod(out_features, start=num_classes)
        linear_weight = linear_weight.reshape((rows, in_features))
        if linear_bias is not None:
            linear_bias = linear_bias.reshape(rows)
    logits = _nn.linear(input, linear_weight, linear_bias).reshape(logits_shape)
    return cross_entropy(logits, target, weight=weight, reduction=reduction, ignore_index=ignore_index,
                         label_smoothing=label_smoothing)


def grouped_mm(mat_a, mat_b, *, offs=None, bias=None, out_dtype=None):
    return torch._grouped_mm(mat_a, mat_b, offs=offs, bias=bias, out_dtype=out_dtype)


def _as_list(v):
    if v is None:
        return []
    return v if isinstance(v, list) else [v]


def _enum_values(v):
    return [e.value for e in (v if isinstance(v, list) else [v])]


def _scaled_args(scale_a, recipe_a, swizzle_a, scale_b, recipe_b, swizzle_b):
    return (_as_list(scale_a), _enum_values(_as_list(recipe_a)), _enum_values(_as_list(swizzle_a)),
            _as_list(scale_b), _enum_values(_as_list(recipe_b)), _enum_values(_as_list(swizzle_b)))


def scaled_mm(mat_a, mat_b, scale_a, scale_recipe_a, scale_b, scale_recipe_b, swizzle_a=None, swizzle_b=None,
              bias=None, output_dtype=torch.bfloat16, contraction_dim=(), use_fast_accum=False):
    args = _scaled_args(scale_a, scale_recipe_a, swizzle_a, scale_b, scale_recipe_b, swizzle_b)
    return torch._scaled_mm_v2(mat_a, mat_b, *args, bias, output_dtype, contraction_dim, use_fast_accum)


def scaled_addmm(input, mat1, mat2, scale_a, scale_recipe_a, scale_b, scale_recipe_b, swizzle_a=None,
                 swizzle_b=None, contraction_dim=(), use_fast_accum=False, *, beta=1.0, alpha=1.0):
    args = _scaled_args(scale_a, scale_recipe_a, swizzle_a, scale_b, scale_recipe_b, swizzle_b)
    return torch._scaled_addmm(input, mat1, mat2, *args, contraction_dim, beta=beta, alpha=alpha,
                               use_fast_accum=use_fast_accum)


def scaled_addmm_(input, mat1, mat2, scale_a, scale_recipe_a, scale_b, scale_recipe_b, swizzle_a=None,
                  swizzle_b=None, contraction_dim=(), use_fast_accum=False, *, beta=1.0, alpha=1.0):
    args = _scaled_args(scale_a, scale_recipe_a, swizzle_a, scale_b, scale_recipe_b, swizzle_b)
    return torch._scaled_addmm_(input, mat1, mat2, *args, contraction_dim, beta=beta, alpha=alpha,
                                use_fast_accum=use_fast_accum)


def scaled_grouped_mm(mat_a, mat_b, scale_a, scale_recipe_a, scale_b, scale_recipe_b, swizzle_a=None,
                      swizzle_b=None, bias=None, offs=None, output_dtype=torch.bfloat16, contraction_dim=(),
                      use_fast_accum=False):
    args = _scaled_args(scale_a, scale_recipe_a, swizzle_a, scale_b, scale_recipe_b, swizzle_b)
    return torch._scaled_grouped_mm_v2(mat_a, mat_b, *args, offs, bias, output_dtype, contraction_dim,
                                       use_fast_accum)
