"""Transformer, TransformerEncoder/Decoder and their layers.

The layers run PyTorch's fused kernel (torch._transformer_encoder_layer_fwd)
under the conditions PyTorch takes it (eval, no grad needed, batch_first,
...), and the module-by-module path otherwise, so the graph matches. The
encoder's nested-tensor path (eval + no grad + src_key_padding_mask) is
taken as PyTorch takes it: the padded batch becomes a nested tensor
(torch._nested_tensor_from_mask), the layers' fused kernel runs on it, and
the result is padded back with zeros."""
import copy
import warnings

import torch
import torch.nn.functional as F
from torch.nn.init import xavier_uniform_
from torch.nn.modules.multihead import MultiheadAttention
from torch.nn.modules.container import ModuleList
from torch.nn.modules.dropout import Dropout
from torch.nn.modules.linear import Linear
from torch.nn.modules.module import Module
from torch.nn.modules.normalization import LayerNorm
from torch.nn.modules.transformer_layers import (TransformerEncoderLayer, TransformerDecoderLayer,
                                                 _generate_square_subsequent_mask, _canonical_masks)

__all__ = ['Transformer', 'TransformerEncoder', 'TransformerDecoder', 'TransformerEncoderLayer',
           'TransformerDecoderLayer']


def _get_seq_len(src, batch_first):
    if len(src.size()) == 2:
        return src.size(0)
    return src.size(1 if batch_first else 0)


def _get_clones(module, n):
    return ModuleList([copy.deepcopy(module) for i in range(n)])


def _detect_is_causal_mask(mask, is_causal=None, size=None):
    make_causal = is_causal is True
    if is_causal is None and mask is not None:
        sz = size if size is not None else mask.size(-2)
        causal = _generate_square_subsequent_mask(sz, device=mask.device, dtype=mask.dtype)
        make_causal = bool((mask == causal).all()) if mask.size() == causal.size() else False
    return make_causal


def _why_no_nested_tensor(layer):
    """Why TransformerEncoder will not use nested tensors, in PyTorch's words ('' if it would)."""
    name = 'encoder_layer'
    if not isinstance(layer, TransformerEncoderLayer):
        return f'{name} was not TransformerEncoderLayer'
    if layer.norm_first:
        return f'{name}.norm_first was True'
    if not layer.self_attn.batch_first:
        return f'{name}.self_attn.batch_first was not True(use batch_first for better inference performance)'
    if not layer.self_attn._qkv_same_embed_dim:
        return f'{name}.self_attn._qkv_same_embed_dim was not True'
    if layer.self_attn.in_proj_bias is None:
        return f'{name}.self_attn was passed bias=False'
    if not layer.activation_relu_or_gelu:
        return f'{name}.activation_relu_or_gelu was not True'
    if layer.norm1.eps != layer.norm2.eps:
        return f'{name}.norm1.eps was not equal to {name}.norm2.eps'
    if layer.self_attn.num_heads % 2 == 1:
        return f'{name}.self_attn.num_heads is odd'
    return ''


class TransformerEncoder(Module):
    __constants__ = ['norm']

    def __init__(self, encoder_layer, num_layers, norm=None, enable_nested_tensor=True, mask_check=True):
        super().__init__()
        self.layers = _get_clones(encoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm
        self.enable_nested_tensor = enable_nested_tensor
        self.use_nested_tensor = enable_nested_tensor
        self.mask_check = mask_check
        why_not = _why_no_nested_tensor(encoder_layer)
        if enable_nested_tensor and why_not:
            warnings.warn(f'enable_nested_tensor is True, but self.use_nested_tensor is False because {why_not}',
                          stacklevel=2)
            self.use_nested_tensor = False

    def forward(self, src, mask=None, src_key_padding_mask=None, is_causal=None):
        src_key_padding_mask, mask = _canonical_masks(src_key_padding_mask, 'src_key_padding_mask', mask, 'mask',
                                                      src.dtype)
        output = src
        layer_padding_mask = src_key_padding_mask
        convert_to_nested = self._takes_nested_path(src, mask, src_key_padding_mask)
        if convert_to_nested:
            output = torch._nested_tensor_from_mask(output, src_key_padding_mask.logical_not(), mask_check=False)
            layer_padding_mask = None
        seq_len = _get_seq_len(src, self.layers[0].self_attn.batch_first)
        is_causal = _detect_is_causal_mask(mask, is_causal, seq_len)
        for mod in self.layers:
            output = mod(output, src_mask=mask, is_causal=is_causal, src_key_padding_mask=layer_padding_mask)
        if convert_to_nested:
            output = output.to_padded_tensor(0.0, src.size())
        if self.norm is not None:
            output = self.norm(output)
        return output


    def _takes_nested_path(self, src, mask, src_key_padding_mask):
        """PyTorch's sparsity fast path: eval, no grad needed, a left-aligned padding mask and no other mask."""
        first = self.layers[0]
        if not getattr(self, 'use_nested_tensor', False) or first.training or src.dim() != 3:
            return False
        if not torch.backends.mha.get_fastpath_enabled() or torch.is_autocast_enabled():
            return False
        if src_key_padding_mask is None or mask is not None:
            return False
        if getattr(self, 'mask_check', True) and \
                not torch._nested_tensor_from_mask_left_aligned(src, src_key_padding_mask.logical_not()):
            return False
        return not (torch.is_grad_enabled() and any(x.requires_grad for x in first._fast_path_tensors(src)))


class TransformerDecoder(Module):
    __constants__ = ['norm']

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = _get_clones(decoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None, tgt_is_causal=None, memory_is_causal=False):
        output = tgt
        seq_len = _get_seq_len(tgt, self.layers[0].self_attn.batch_first)
        tgt_is_causal = _detect_is_causal_mask(tgt_mask, tgt_is_causal, seq_len)
        for mod in self.layers:
            output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                         tgt_key_padding_mask=tgt_key_padding_mask, memory_key_padding_mask=memory_key_padding_mask,
                         tgt_is_causal=tgt_is_causal, memory_is_causal=memory_is_causal)
        if self.norm is not None:
            output = self.norm(output)
        return output


class Transformer(Module):
    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048,
                 dropout=0.1, activation=F.relu, custom_encoder=None, custom_decoder=None, layer_norm_eps=1e-5,
                 batch_first=False, norm_first=False, bias=True, device=None, dtype=None):
        super().__init__()
        fk = {'device': device, 'dtype': dtype}
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            encoder_layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation,
                                                    layer_norm_eps, batch_first, norm_first, bias, **fk)
            encoder_norm = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, **fk)
            self.encoder = TransformerEncoder(encoder_layer, num_encoder_layers, encoder_norm)
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            decoder_layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation,
                                                    layer_norm_eps, batch_first, norm_first, bias, **fk)
            decoder_norm = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, **fk)
            self.decoder = TransformerDecoder(decoder_layer, num_decoder_layers, decoder_norm)
        self._reset_parameters()
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None,
                tgt_key_padding_mask=None, memory_key_padding_mask=None, src_is_causal=None, tgt_is_causal=None,
                memory_is_causal=False):
        is_batched = src.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if is_batched and src.size(batch_dim) != tgt.size(batch_dim):
            raise RuntimeError('the batch number of src and tgt must be equal')
        if src.size(-1) != self.d_model or tgt.size(-1) != self.d_model:
            raise RuntimeError('the feature number of src and tgt must be equal to d_model')
        memory = self.encoder(src, mask=src_mask, src_key_padding_mask=src_key_padding_mask, is_causal=src_is_causal)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask, tgt_is_causal=tgt_is_causal,
                            memory_is_causal=memory_is_causal)

    @staticmethod
    def generate_square_subsequent_mask(sz, device=None, dtype=None):
        return _generate_square_subsequent_mask(sz, dtype=dtype, device=device)

    def _reset_parameters(self):
        for p in self.parameters():
            if p.dim() > 1:
                xavier_uniform_(p)
