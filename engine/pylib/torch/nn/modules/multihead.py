"""MultiheadAttention: PyTorch's parameters and init, its fused fast path
(torch._native_multi_head_attention) under the same conditions PyTorch
takes it (eval, no grad needed, batch_first self-attention, ...), and
F.multi_head_attention_forward otherwise, so the graph matches."""
import torch
import torch.nn.functional as F
from torch.nn.init import xavier_uniform_, xavier_normal_, constant_
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module
from torch.nn.modules.linear import NonDynamicallyQuantizableLinear

__all__ = ['MultiheadAttention']


def _requires_grad(x):
    return x is not None and x.requires_grad


class MultiheadAttention(Module):
    __module__ = 'torch.nn.modules.activation'  # where PyTorch defines it (shows in type reprs)
    __constants__ = ['batch_first']

    def __init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, device=None, dtype=None):
        if embed_dim <= 0 or num_heads <= 0:
            raise ValueError(f'embed_dim and num_heads must be greater than 0, got embed_dim={embed_dim} and '
                             f'num_heads={num_heads} instead')
        super().__init__()
        fk = {'device': device, 'dtype': dtype}
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != self.embed_dim:
            raise AssertionError('embed_dim must be divisible by num_heads')
        if not self._qkv_same_embed_dim:
            self.q_proj_weight = Parameter(torch.empty((embed_dim, embed_dim), **fk))
            self.k_proj_weight = Parameter(torch.empty((embed_dim, self.kdim), **fk))
            self.v_proj_weight = Parameter(torch.empty((embed_dim, self.vdim), **fk))
            self.register_parameter('in_proj_weight', None)
        else:
            self.in_proj_weight = Parameter(torch.empty((3 * embed_dim, embed_dim), **fk))
            self.register_parameter('q_proj_weight', None)
            self.register_parameter('k_proj_weight', None)
            self.register_parameter('v_proj_weight', None)
        if bias:
            self.in_proj_bias = Parameter(torch.empty(3 * embed_dim, **fk))
        else:
            self.register_parameter('in_proj_bias', None)
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias, **fk)
        if add_bias_kv:
            self.bias_k = Parameter(torch.empty((1, 1, embed_dim), **fk))
            self.bias_v = Parameter(torch.empty((1, 1, embed_dim), **fk))
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self._reset_parameters()

    def _reset_parameters(self):
        if self._qkv_same_embed_dim:
            xavier_uniform_(self.in_proj_weight)
        else:
            xavier_uniform_(self.q_proj_weight)
            xavier_uniform_(self.k_proj_weight)
            xavier_uniform_(self.v_proj_weight)
        if self.in_proj_bias is not None:
            constant_(self.in_proj_bias, 0.0)
            constant_(self.out_proj.bias, 0.0)
        if self.bias_k is not None:
            xavier_normal_(self.bias_k)
        if self.bias_v is not None:
            xavier_normal_(self.bias_v)

    def _why_not_fast_path(self, query, key, value, attn_mask, key_padding_mask):
        """PyTorch's reasons, in its order; '' when the fused kernel runs."""
        if (attn_mask is not None and torch.is_floating_point(attn_mask)) or \
                (key_padding_mask is not None and torch.is_floating_point(key_padding_mask)):
            return 'floating-point masks are not supported for fast path.'
        if not torch.backends.mha.get_fastpath_enabled():
            return 'torch.backends.mha.get_fastpath_enabled() was not True'
        if query.dim() != 3:
            return f'input not batched; expected query.dim() of 3 but got {query.dim()}'
        if query is not key or key is not value:
            return 'non-self attention was used (query, key, and value are not the same Tensor)'
        if self.in_proj_bias is not None and query.dtype != self.in_proj_bias.dtype:
            return 'dtypes of query and in_proj_bias differ'
        if self.in_proj_weight is None:
            return 'in_proj_weight was None'
        if query.dtype != self.in_proj_weight.dtype:
            return 'dtypes of query and in_proj_weight differ'
        if self.training:
            return 'training is enabled'
        if self.num_heads % 2 != 0:
            return 'self.num_heads is not even'
        if not self.batch_first:
            return 'batch_first was not True'
        if self.bias_k is not None or self.bias_v is not None or self.add_zero_attn:
            return 'bias_k, bias_v or add_zero_attn'
        if torch.is_autocast_enabled():
            return 'autocast is enabled'
        tensor_args = (query, self.in_proj_weight, self.in_proj_bias, self.out_proj.weight, self.out_proj.bias)
        if torch.is_grad_enabled() and any(_requires_grad(x) for x in tensor_args):
            return 'grad is enabled and at least one of query or the input/output projection weights or biases ' \
                   'requires_grad'
        return ''

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                average_attn_weights=True, is_causal=False):
        # The float-mask test runs on the masks as given, before they are made canonical.
        why_not = self._why_not_fast_path(query, key, value, attn_mask, key_padding_mask)
        is_batched = query.dim() == 3
        key_padding_mask = F._canonical_mask(mask=key_padding_mask, mask_name='key_padding_mask',
                                             other_type=F._none_or_dtype(attn_mask), other_name='attn_mask',
                                             target_type=query.dtype)
        attn_mask = F._canonical_mask(mask=attn_mask, mask_name='attn_mask', other_type=None, other_name='',
                                      target_type=query.dtype, check_other=False)
        if not why_not and self.in_proj_bias is not None:
            merged_mask, mask_type = self.merge_masks(attn_mask, key_padding_mask, query)
            return torch._native_multi_head_attention(
                query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight, self.in_proj_bias,
                self.out_proj.weight, self.out_proj.bias, merged_mask, need_weights, average_attn_weights,
                mask_type)
        if self.batch_first and is_batched:
            query, key, value = self._to_sequence_first(query, key, value)
        separate = {}
        if not self._qkv_same_embed_dim:
            separate = {'use_separate_proj_weight': True, 'q_proj_weight': self.q_proj_weight,
                        'k_proj_weight': self.k_proj_weight, 'v_proj_weight': self.v_proj_weight}
        attn_output, attn_output_weights = F.multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight, self.in_proj_bias,
            self.bias_k, self.bias_v, self.add_zero_attn, self.dropout, self.out_proj.weight, self.out_proj.bias,
            training=self.training, key_padding_mask=key_padding_mask, need_weights=need_weights,
            attn_mask=attn_mask, average_attn_weights=average_attn_weights, is_causal=is_causal, **separate)
        if self.batch_first and is_batched:
            return attn_output.transpose(1, 0), attn_output_weights
        return attn_output, attn_output_weights

    def _to_sequence_first(self, query, key, value):
        # Shared tensors are transposed once, as PyTorch does, so the graph has one TransposeBackward each.
        if key is value:
            if query is key:
                query = key = value = query.transpose(1, 0)
                return query, key, value
            query, key = (x.transpose(1, 0) for x in (query, key))
            return query, key, key
        return tuple(x.transpose(1, 0) for x in (query, key, value))

    def merge_masks(self, attn_mask, key_padding_mask, query):
        mask_type = None
        merged_mask = None
        if key_padding_mask is not None:
            mask_type = 1
            merged_mask = key_padding_mask
        if attn_mask is not None:
            batch_size, seq_len, _ = query.shape
            mask_type = 2
            if attn_mask.dim() == 3:
                attn_mask_expanded = attn_mask.view(batch_size, -1, seq_len, seq_len)
            else:
                attn_mask_expanded = attn_mask.view(1, 1, seq_len, seq_len).expand(batch_size, self.num_heads, -1, -1)
            merged_mask = attn_mask_expanded
            if key_padding_mask is not None:
                merged_mask = attn_mask_expanded + key_padding_mask.view(batch_size, 1, 1, seq_len).expand(
                    -1, self.num_heads, -1, -1)
        return merged_mask, mask_type
