"""torch.nn.functional.multi_head_attention_forward: what nn.MultiheadAttention
runs when it does not take the fused fast path. The projections, masks and
the two attention paths (explicit bmm + softmax when weights are wanted,
scaled_dot_product_attention otherwise) are PyTorch's, op for op, so the
graph matches."""

import math
import warnings

import torch
import _backstep_nn_ops as _nn
from torch.nn._functional_activations import softmax
from torch.nn._functional_dropout import dropout
from torch.nn._functional_resample import pad

linear = _nn.linear
scaled_dot_product_attention = _nn.scaled_dot_product_attention


def _in_projection_packed(q, k, v, w, b=None):
    E = q.size(-1)
    if k is v and q is k:
        # Self-attention: one projection, split into q, k, v.
        proj = linear(q, w, b)
        proj = proj.unflatten(-1, (3, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        return proj[0], proj[1], proj[2]
    if k is v:
        w_q, w_kv = w.split([E, E * 2])
        b_q, b_kv = (None, None) if b is None else b.split([E, E * 2])
        q_proj = linear(q, w_q, b_q)
        kv_proj = linear(k, w_kv, b_kv)
        kv_proj = kv_proj.unflatten(-1, (2, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        return q_proj, kv_proj[0], kv_proj[1]
    w_q, w_k, w_v = w.chunk(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.chunk(3)
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def _in_projection(q, k, v, w_q, w_k, w_v, b_q=None, b_k=None, b_v=None):
    Eq, Ek, Ev = q.size(-1), k.size(-1), v.size(-1)
    for name, t, shape in (('query weights', w_q, (Eq, Eq)), ('key weights', w_k, (Eq, Ek)),
                           ('value weights', w_v, (Eq, Ev))):
        if t.shape != shape:
            raise AssertionError(f'expecting {name} shape of {shape}, but got {t.shape}')
    for name, t in (('query bias', b_q), ('key bias', b_k), ('value bias', b_v)):
        if t is not None and t.shape != (Eq,):
            raise AssertionError(f'expecting {name} shape of {(Eq,)}, but got {t.shape}')
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads):
    if query.dim() == 3:
        if key.dim() != 3 or value.dim() != 3:
            raise AssertionError('For batched (3-D) `query`, expected `key` and `value` to be 3-D but found '
                                 f'{key.dim()}-D and {value.dim()}-D tensors respectively')
        if key_padding_mask is not None and key_padding_mask.dim() != 2:
            raise AssertionError('For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D '
                                 f'but found {key_padding_mask.dim()}-D tensor instead')
        if attn_mask is not None and attn_mask.dim() not in (2, 3):
            raise AssertionError('For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D '
                                 f'but found {attn_mask.dim()}-D tensor instead')
        return True
    if query.dim() == 2:
        if key.dim() != 2 or value.dim() != 2:
            raise AssertionError('For unbatched (2-D) `query`, expected `key` and `value` to be 2-D but found '
                                 f'{key.dim()}-D and {value.dim()}-D tensors respectively')
        if key_padding_mask is not None and key_padding_mask.dim() != 1:
            raise AssertionError('For unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D '
                                 f'but found {key_padding_mask.dim()}-D tensor instead')
        if attn_mask is not None:
            if attn_mask.dim() not in (2, 3):
                raise AssertionError('For unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or '
                                     f'3-D but found {attn_mask.dim()}-D tensor instead')
            if attn_mask.dim() == 3:
                expected_shape = (num_heads, query.shape[0], key.shape[0])
                if attn_mask.shape != expected_shape:
                    raise AssertionError(f'Expected `attn_mask` shape to be {expected_shape} but got '
                                         f'{attn_mask.shape}')
        return False
    raise AssertionError('query should be unbatched 2D or batched 3D tensor but received '
                         f'{query.dim()}-D query tensor')


def _canonical_mask(mask, mask_name, other_type, other_name, target_type, check_other=True):
    """A bool mask becomes an additive float mask (-inf where True)."""
    if mask is None:
        return None
    mask_is_float = torch.is_floating_point(mask)
    if mask.dtype != torch.bool and not mask_is_float:
        raise AssertionError(f'only bool and floating types of {mask_name} are supported')
    if check_other and other_type is not None and mask.dtype != other_type:
        warnings.warn(f'Support for mismatched {mask_name} and {other_name} is deprecated. Use same type for '
                      'both instead.', stacklevel=2)
    if not mask_is_float:
        mask = torch.zeros_like(mask, dtype=target_type).masked_fill_(mask, float('-inf'))
    return mask


def _none_or_dtype(input):
    if input is None:
        return None
    if isinstance(input, torch.Tensor):
        return input.dtype
    raise RuntimeError('input to _none_or_dtype() must be None or torch.Tensor')


def _check_key_padding_mask(key_padding_mask, src_len, bsz):
    if key_padding_mask.shape[0] != bsz:
        raise AssertionError(f'Expected key_padded_mask.shape[0] to be {bsz}, but got {key_padding_mask.shape[0]}')
    if key_padding_mask.shape[1] != src_len:
        raise AssertionError(f'Expected key_padded_mask.shape[1] to be {src_len}, but got '
                             f'{key_padding_mask.shape[1]}')


def _project(query, key, value, in_proj_weight, in_proj_bias, use_separate_proj_weight, q_proj_weight,
             k_proj_weight, v_proj_weight):
    if not use_separate_proj_weight:
        if in_proj_weight is None:
            raise AssertionError('use_separate_proj_weight is False but in_proj_weight is None')
        return _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    for name, w in (('q_proj_weight', q_proj_weight), ('k_proj_weight', k_proj_weight),
                    ('v_proj_weight', v_proj_weight)):
        if w is None:
            raise AssertionError(f'use_separate_proj_weight is True but {name} is None')
    b_q, b_k, b_v = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
    return _in_projection(query, key, value, q_proj_weight, k_proj_weight, v_proj_weight, b_q, b_k, b_v)


def _shape_attn_mask(attn_mask, tgt_len, src_len, bsz, num_heads):
    if attn_mask.dim() == 2:
        if attn_mask.shape != (tgt_len, src_len):
            raise RuntimeError(f'The shape of the 2D attn_mask is {attn_mask.shape}, but should be '
                               f'{(tgt_len, src_len)}.')
        return attn_mask.unsqueeze(0)
    if attn_mask.dim() == 3:
        if attn_mask.shape != (bsz * num_heads, tgt_len, src_len):
            raise RuntimeError(f'The shape of the 3D attn_mask is {attn_mask.shape}, but should be '
                               f'{(bsz * num_heads, tgt_len, src_len)}.')
        return attn_mask
    raise RuntimeError(f"attn_mask's dimension {attn_mask.dim()} is not supported")


def _heads(t, static, bsz, num_heads, head_dim, name):
    if static is None:
        return t.view(t.shape[0], bsz * num_heads, head_dim).transpose(0, 1)
    if static.size(0) != bsz * num_heads:
        raise AssertionError(f'expecting {name}.size(0) of {bsz * num_heads}, but got {static.size(0)}')
    if static.size(2) != head_dim:
        raise AssertionError(f'expecting {name}.size(2) of {head_dim}, but got {static.size(2)}')
    return static


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias,
                                 bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias,
                                 training=True, key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None,
                                 v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True,
                                 is_causal=False):
    is_batched = _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not is_batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query.shape
    src_len, _, _ = key.shape
    key_padding_mask = _canonical_mask(key_padding_mask, 'key_padding_mask', _none_or_dtype(attn_mask),
                                       'attn_mask', query.dtype)
    if is_causal and attn_mask is None:
        raise RuntimeError('Need attn_mask if specifying the is_causal hint. You may use the Transformer module '
                           'method `generate_square_subsequent_mask` to create this mask.')
    if is_causal and key_padding_mask is None and not need_weights:
        attn_mask = None  # sdpa builds the causal mask itself
    else:
        attn_mask = _canonical_mask(attn_mask, 'attn_mask', None, '', query.dtype, check_other=False)
        if key_padding_mask is not None:
            is_causal = False
    if embed_dim != embed_dim_to_check:
        raise AssertionError(f'was expecting embedding dimension of {embed_dim_to_check}, but got {embed_dim}')
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(f'embed_dim {embed_dim} not divisible by num_heads {num_heads}')
    if use_separate_proj_weight:
        if key.shape[:2] != value.shape[:2]:
            raise AssertionError(f"key's sequence and batch dims {key.shape[:2]} do not match value's "
                                 f'{value.shape[:2]}')
    elif key.shape != value.shape:
        raise AssertionError(f'key shape {key.shape} does not match value shape {value.shape}')
    q, k, v = _project(query, key, value, in_proj_weight, in_proj_bias, use_separate_proj_weight, q_proj_weight,
                       k_proj_weight, v_proj_weight)
    if attn_mask is not None:
        attn_mask = _shape_attn_mask(attn_mask, tgt_len, src_len, bsz, num_heads)
    if bias_k is not None and bias_v is not None:
        if static_k is not None:
            raise AssertionError('bias cannot be added to static key.')
        if static_v is not None:
            raise AssertionError('bias cannot be added to static value.')
        k = torch.cat([k, bias_k.repeat(1, bsz, 1)])
        v = torch.cat([v, bias_v.repeat(1, bsz, 1)])
        if attn_mask is not None:
            attn_mask = pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = pad(key_padding_mask, (0, 1))
    elif bias_k is not None:
        raise AssertionError('bias_k is set but bias_v is None')
    elif bias_v is not None:
        raise AssertionError('bias_v is set but bias_k is None')
    q = q.view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = _heads(k, static_k, bsz, num_heads, head_dim, 'static_k')
    v = _heads(v, static_v, bsz, num_heads, head_dim, 'static_v')
    if add_zero_attn:
        zero_attn_shape = (bsz * num_heads, 1, head_dim)
        k = torch.cat([k, torch.zeros(zero_attn_shape, dtype=k.dtype, device=k.device)], dim=1)
        v = torch.cat([v, torch.zeros(zero_attn_shape, dtype=v.dtype, device=v.device)], dim=1)
        if attn_mask is not None:
            attn_mask = pad(attn_mask, (0, 1))
        if key_padding_mask is not None:
            key_padding_mask = pad(key_padding_mask, (0, 1))
    src_len = k.size(1)
    if key_padding_mask is not None:
        _check_key_padding_mask(key_padding_mask, src_len, bsz)
        key_padding_mask = key_padding_mask.view(bsz, 1, 1, src_len).expand(-1, num_heads, -1, -1).reshape(
            bsz * num_heads, 1, src_len)
        attn_mask = key_padding_mask if attn_mask is None else attn_mask + key_padding_mask
    if not training:
        dropout_p = 0.0
    if need_weights:
        _B, _Nt, E = q.shape
        q_scaled = q * math.sqrt(1.0 / float(E))
        if is_causal and attn_mask is None:
            raise AssertionError('FIXME: is_causal not implemented for need_weights')
        if attn_mask is not None:
            weights = torch.baddbmm(attn_mask, q_scaled, k.transpose(-2, -1))
        else:
            weights = torch.bmm(q_scaled, k.transpose(-2, -1))
        weights = softmax(weights, dim=-1)
        if dropout_p > 0.0:
            weights = dropout(weights, p=dropout_p)
        attn_output = torch.bmm(weights, v)
        attn_output = attn_output.transpose(0, 1).reshape(tgt_len * bsz, embed_dim)
        attn_output = linear(attn_output, out_proj_weight, out_proj_bias)
        attn_output = attn_output.view(tgt_len, bsz, attn_output.size(1))
        weights = weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            weights = weights.mean(dim=1)
        if not is_batched:
            attn_output = attn_output.squeeze(1)
            weights = weights.squeeze(0)
        return attn_output, weights
    if attn_mask is not None:
        if attn_mask.size(0) == 1 and attn_mask.dim() == 3:
            attn_mask = attn_mask.unsqueeze(0)
        else:
            attn_mask = attn_mask.view(bsz, num_heads, -1, src_len)
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    attn_output = scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    attn_output = attn_output.permute(2, 0, 1, 3).reshape(bsz * tgt_len, embed_dim)
    attn_output = linear(attn_output, out_proj_weight, out_proj_bias)
    attn_output = attn_output.view(tgt_len, bsz, attn_output.size(1))
    if not is_batched:
        attn_output = attn_output.squeeze(1)
    return attn_output, None
