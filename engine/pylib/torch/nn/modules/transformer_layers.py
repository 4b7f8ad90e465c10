"""TransformerEncoderLayer and TransformerDecoderLayer (see transformer.py)."""
import torch
import torch.nn.functional as F
from torch.nn.modules.multihead import MultiheadAttention
from torch.nn.modules.dropout import Dropout
from torch.nn.modules.linear import Linear
from torch.nn.modules.module import Module
from torch.nn.modules.normalization import LayerNorm
from torch.nn.modules.activation import ReLU, GELU

__all__ = ['TransformerEncoderLayer', 'TransformerDecoderLayer']


def _generate_square_subsequent_mask(sz, device=None, dtype=None):
    return torch.triu(torch.full((sz, sz), float('-inf'), dtype=dtype, device=device), diagonal=1)


def _get_activation_fn(activation):
    if activation == 'relu':
        return F.relu
    if activation == 'gelu':
        return F.gelu
    raise RuntimeError(f'activation should be relu/gelu, not {activation}')


def _canonical_masks(padding_mask, padding_name, mask, mask_name, dtype):
    padding_mask = F._canonical_mask(mask=padding_mask, mask_name=padding_name, other_type=F._none_or_dtype(mask),
                                     other_name=mask_name, target_type=dtype)
    mask = F._canonical_mask(mask=mask, mask_name=mask_name, other_type=None, other_name='', target_type=dtype,
                             check_other=False)
    return padding_mask, mask


def _has_forward_hooks(module):
    return any(len(getattr(m, '_forward_hooks', {})) + len(getattr(m, '_forward_pre_hooks', {}))
               for m in module.modules())


class TransformerEncoderLayer(Module):
    __module__ = 'torch.nn.modules.transformer'  # where PyTorch defines it (shows in type reprs)
    __constants__ = ['norm_first']

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=F.relu, layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, bias=True, device=None, dtype=None):
        super().__init__()
        fk = {'device': device, 'dtype': dtype}
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, bias=bias, batch_first=batch_first, **fk)
        self.linear1 = Linear(d_model, dim_feedforward, bias=bias, **fk)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, bias=bias, **fk)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, **fk)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, **fk)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        if isinstance(activation, str):
            activation = _get_activation_fn(activation)
        if activation is F.relu or isinstance(activation, ReLU):
            self.activation_relu_or_gelu = 1
        elif activation is F.gelu or isinstance(activation, GELU):
            self.activation_relu_or_gelu = 2
        else:
            self.activation_relu_or_gelu = 0
        self.activation = activation

    def _why_not_fast_path(self, src, src_mask, src_key_padding_mask):
        if not torch.backends.mha.get_fastpath_enabled():
            return 'torch.backends.mha.get_fastpath_enabled() was not True'
        if src.dim() != 3:
            return f'input not batched; expected src.dim() of 3 but got {src.dim()}'
        attn = self.self_attn
        if self.training or not attn.batch_first or attn.in_proj_bias is None or not attn._qkv_same_embed_dim:
            return 'training, batch_first, bias or kdim/vdim'
        if not self.activation_relu_or_gelu or self.norm1.eps != self.norm2.eps or attn.num_heads % 2 == 1:
            return 'activation, eps or odd heads'
        if torch.is_autocast_enabled():
            return 'autocast is enabled'
        if _has_forward_hooks(self):
            return 'forward pre-/hooks are attached to the module'
        if torch.is_grad_enabled() and any(x.requires_grad for x in self._fast_path_tensors(src)):
            return 'grad is enabled and a tensor requires grad'
        return ''

    def _fast_path_tensors(self, src):
        a = self.self_attn
        return (src, a.in_proj_weight, a.in_proj_bias, a.out_proj.weight, a.out_proj.bias, self.norm1.weight,
                self.norm1.bias, self.norm2.weight, self.norm2.bias, self.linear1.weight, self.linear1.bias,
                self.linear2.weight, self.linear2.bias)

    def forward(self, src, src_mask=None, src_key_padding_mask=None, is_causal=False):
        src_key_padding_mask, src_mask = _canonical_masks(src_key_padding_mask, 'src_key_padding_mask', src_mask,
                                                          'src_mask', src.dtype)
        if not self._why_not_fast_path(src, src_mask, src_key_padding_mask):
            merged_mask, mask_type = self.self_attn.merge_masks(src_mask, src_key_padding_mask, src)
            a = self.self_attn
            return torch._transformer_encoder_layer_fwd(
                src, a.embed_dim, a.num_heads, a.in_proj_weight, a.in_proj_bias, a.out_proj.weight, a.out_proj.bias,
                self.activation_relu_or_gelu == 2, self.norm_first, self.norm1.eps, self.norm1.weight,
                self.norm1.bias, self.norm2.weight, self.norm2.bias, self.linear1.weight, self.linear1.bias,
                self.linear2.weight, self.linear2.bias, merged_mask, mask_type)
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask, is_causal=is_causal)
            x = x + self._ff_block(self.norm2(x))
        else:
            x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask, is_causal=is_causal))
            x = self.norm2(x + self._ff_block(x))
        return x

    def _sa_block(self, x, attn_mask, key_padding_mask, is_causal=False):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False,
                           is_causal=is_causal)[0]
        return self.dropout1(x)

    def _ff_block(self, x):
        return self.dropout2(self.linear2(self.dropout(self.activation(self.linear1(x)))))


class TransformerDecoderLayer(Module):
    __module__ = 'torch.nn.modules.transformer'  # where PyTorch defines it (shows in type reprs)
    __constants__ = ['norm_first']

    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=F.relu, layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, bias=True, device=None, dtype=None):
        super().__init__()
        fk = {'device': device, 'dtype': dtype}
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, bias=bias, **fk)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, bias=bias,
                                                 **fk)
        self.linear1 = Linear(d_model, dim_feedforward, bias=bias, **fk)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, bias=bias, **fk)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, **fk)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, **fk)
        self.norm3 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, **fk)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.dropout3 = Dropout(dropout)
        self.activation = _get_activation_fn(activation) if isinstance(activation, str) else activation

    def __setstate__(self, state):
        # Note [decoder clones use relu]: PyTorch's state default runs on every
        # copy.deepcopy, and a module activation lives in _modules, not in the
        # state's top level, so TransformerDecoder's clones get F.relu in
        # __dict__ (shadowing the module). Kept so the numbers and graph match.
        if 'activation' not in state:
            state['activation'] = F.relu
        self.__dict__.update(state)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None, tgt_is_causal=False, memory_is_causal=False):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask, tgt_is_causal)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask, memory_is_causal)
            x = x + self._ff_block(self.norm3(x))
        else:
            x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask, tgt_is_causal))
            x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask, memory_is_causal))
            x = self.norm3(x + self._ff_block(x))
        return x

    def _sa_block(self, x, attn_mask, key_padding_mask, is_causal=False):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, is_causal=is_causal,
                           need_weights=False)[0]
        return self.dropout1(x)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask, is_causal=False):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                                is_causal=is_causal, need_weights=False)[0]
        return self.dropout2(x)

    def _ff_block(self, x):
        return self.dropout3(self.linear2(self.dropout(self.activation(self.linear1(x)))))
