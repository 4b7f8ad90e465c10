# MultiheadAttention (need_weights, average_attn_weights, masks,
# batch_first, kdim/vdim, add_bias_kv, add_zero_attn, the eval fast path)
# and the Transformer family (norm_first, activation, masks, causal masks,
# the enable_nested_tensor warning), with gradients and reprs.
import warnings
import torch
from torch import nn
import torch.nn.functional as F

torch.manual_seed(0)
mha = nn.MultiheadAttention(4, 2)
print(mha)
print([(n, tuple(p.shape)) for n, p in mha.named_parameters()])
print(mha.in_proj_weight[:2])
q = torch.randn(3, 2, 4, requires_grad=True)
out, w = mha(q, q, q)
print(out.shape, w.shape, out.grad_fn.name())
print(w[0])
out.sum().backward()
print(q.grad[0])
print(mha.in_proj_bias.grad)
_, w_all = mha(q, q, q, average_attn_weights=False)
print(w_all.shape)
out2, none_w = mha(q, q, q, need_weights=False)
print(none_w, out2.grad_fn.name())

kv = nn.MultiheadAttention(4, 2, kdim=3, vdim=5, batch_first=True, add_bias_kv=True, add_zero_attn=True)
print([(n, tuple(p.shape)) for n, p in kv.named_parameters()])
query = torch.randn(2, 3, 4)
key = torch.randn(2, 6, 3)
value = torch.randn(2, 6, 5)
pad = torch.tensor([[False] * 5 + [True], [False] * 6])
o, aw = kv(query, key, value, key_padding_mask=pad)
print(o.shape, aw.shape)
print(aw[0])
mask = torch.triu(torch.ones(3, 3, dtype=torch.bool), diagonal=1)
o, aw = mha(q, q, q, attn_mask=mask)
print(aw[1])
float_mask = torch.zeros(3, 3)
float_mask[0, 2] = float('-inf')
print(mha(q, q, q, attn_mask=float_mask)[1][0])

fast = nn.MultiheadAttention(4, 2, batch_first=True)
fast.eval()
x = torch.randn(2, 3, 4)
with torch.no_grad():
    o1, w1 = fast(x, x, x)
    print(o1)
    print(w1[0])
o2, w2 = fast(x, x, x)
print(o2.grad_fn.name(), torch.allclose(o1, o2, atol=1e-6))
un = mha(torch.randn(3, 4), torch.randn(5, 4), torch.randn(5, 4))
print(un[0].shape, un[1].shape)

torch.manual_seed(1)
layer = nn.TransformerEncoderLayer(d_model=4, nhead=2, dim_feedforward=8, dropout=0.0)
print(layer)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    enc = nn.TransformerEncoder(layer, num_layers=2, norm=nn.LayerNorm(4))
    print([str(m.message) for m in caught])
print(sum(p.numel() for p in enc.parameters()))
src = torch.randn(5, 2, 4)
y = enc(src, mask=nn.Transformer.generate_square_subsequent_mask(5))
print(y[0])
y.pow(2).mean().backward()
print(enc.layers[1].linear2.weight.grad)
print(enc.layers[0].self_attn.in_proj_weight.grad[:2])

gelu_layer = nn.TransformerEncoderLayer(4, 2, 6, dropout=0.0, activation='gelu', batch_first=True, norm_first=True)
print(gelu_layer.activation_relu_or_gelu, gelu_layer.norm_first)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    nn.TransformerEncoder(gelu_layer, 1)
    nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6, batch_first=True), 1, enable_nested_tensor=False)
    nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 1, 6, batch_first=True), 1)
    nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6, batch_first=True, activation=F.silu), 1)
    print([str(m.message) for m in caught])
xb = torch.randn(2, 5, 4)
kpm = torch.tensor([[False, False, False, True, True], [False] * 5])
print(gelu_layer(xb, src_key_padding_mask=kpm)[0])
gelu_layer.eval()
plain = nn.TransformerEncoderLayer(4, 2, 6, dropout=0.0, batch_first=True)
plain.eval()
with torch.no_grad():
    print(plain(xb)[1])
    print(plain(xb, src_key_padding_mask=kpm)[0, :3])
print(plain(xb).grad_fn.name())

dec_layer = nn.TransformerDecoderLayer(4, 2, 8, dropout=0.0, activation=nn.GELU())
print(dec_layer)
dec = nn.TransformerDecoder(dec_layer, 2)
tgt = torch.randn(3, 2, 4)
memory = torch.randn(5, 2, 4)
z = dec(tgt, memory, tgt_mask=nn.Transformer.generate_square_subsequent_mask(3), tgt_is_causal=True)
print(z[2])
z.sum().backward()
print(dec.layers[0].multihead_attn.out_proj.weight.grad)

torch.manual_seed(2)
t = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=6, dropout=0.0,
                   batch_first=True)
print(t)
print(sum(p.numel() for p in t.parameters()), len(list(t.state_dict().keys())))
out = t(torch.randn(2, 5, 4), torch.randn(2, 3, 4), tgt_mask=t.generate_square_subsequent_mask(3))
print(out)
out.sum().backward()
print(t.decoder.norm.weight.grad)
print(nn.Transformer.generate_square_subsequent_mask(3))

torch.manual_seed(3)
fast_enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6, dropout=0.0, batch_first=True), 2)
fast_enc.eval()
with torch.no_grad(), warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print(fast_enc(xb, src_key_padding_mask=kpm))
    print(len(caught), str(caught[0].message)[:40])
print(fast_enc(xb, src_key_padding_mask=kpm)[0, 3])

for make in [lambda: nn.MultiheadAttention(5, 2),
             lambda: nn.MultiheadAttention(0, 2),
             lambda: mha(torch.randn(3, 2, 5), torch.randn(3, 2, 5), torch.randn(3, 2, 5)),
             lambda: mha(q, q, q, attn_mask=torch.zeros(2, 2)),
             lambda: nn.TransformerEncoderLayer(4, 2, activation='tanh'),
             lambda: t(torch.randn(2, 5, 4), torch.randn(3, 3, 4)),
             lambda: t(torch.randn(2, 5, 3), torch.randn(2, 3, 3))]:
    try:
        make()
    except (RuntimeError, ValueError, AssertionError) as e:
        print(type(e).__name__ + ':', e)
