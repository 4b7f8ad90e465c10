# torch.nn.functional beyond activations, losses, convolutions and norms:
# linear layers, dropout draws, embeddings, one_hot, pad, interpolate,
# grid_sample / affine_grid, pixel shuffles, distances, attention — with
# gradients, PyTorch's warnings at the caller's line and F's own errors.
import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 4, 4)
v = torch.randn(3, 5)


def run(name, fn, *inputs):
    xs = [t.clone().requires_grad_(True) for t in inputs]
    out = fn(*xs)
    if isinstance(out, tuple):
        out = out[0]
    print(name, out.grad_fn.name() if out.grad_fn is not None else None, tuple(out.shape))
    print(out.flatten()[:10])
    (out * torch.linspace(-1, 2, out.numel()).reshape(out.shape)).sum().backward()
    for t in xs:
        print(t.grad.flatten()[:6])


w = torch.randn(4, 5)
run('linear', lambda a, w_, b: F.linear(a, w_, b), v, w, torch.randn(4))
run('linear nobias', lambda a: F.linear(a, w), v)
run('bilinear', lambda a, b: F.bilinear(a, b, torch.randn(2, 5, 3), torch.randn(2)), v, torch.randn(3, 3))

for name, fn in [('dropout', lambda a: F.dropout(a, 0.4)), ('dropout eval', lambda a: F.dropout(a, training=False)),
                 ('alpha_dropout', lambda a: F.alpha_dropout(a, 0.3, True)),
                 ('feature_alpha_dropout', lambda a: F.feature_alpha_dropout(a, 0.5, training=True)),
                 ('dropout1d', lambda a: F.dropout1d(a[0], 0.5)), ('dropout2d', lambda a: F.dropout2d(a, 0.5)),
                 ('dropout3d', lambda a: F.dropout3d(a, 0.5)), ('dropout3d batched', lambda a: F.dropout3d(a.unsqueeze(0), 0.5))]:
    torch.manual_seed(7)
    run(name, fn, x)
y = x.clone()
torch.manual_seed(7)
print(F.dropout(y, 0.5, inplace=True) is y, y[0, 0])

emb = torch.randn(6, 3)
idx = torch.tensor([[0, 2, 5], [5, 1, 0]])
run('embedding', lambda e: F.embedding(idx, e), emb)
run('embedding padding', lambda e: F.embedding(idx, e, padding_idx=-1), emb)
e2 = emb.clone()
print(F.embedding(idx, e2, max_norm=1.0).norm(dim=-1))
print(e2.norm(dim=-1))
run('embedding_bag mean', lambda e: F.embedding_bag(torch.tensor([0, 2, 4, 5, 1]), e, torch.tensor([0, 2])), emb)
run('embedding_bag sum 2d', lambda e: F.embedding_bag(idx, e, mode='sum'), emb)
run('embedding_bag max', lambda e: F.embedding_bag(idx, e, mode='max'), emb)
run('embedding_bag weights', lambda e: F.embedding_bag(idx, e, mode='sum', per_sample_weights=torch.rand(2, 3)), emb)
run('embedding_bag last', lambda e: F.embedding_bag(torch.tensor([0, 2, 4, 5]), e, torch.tensor([0, 1, 4]), include_last_offset=True, padding_idx=4), emb)
print(F.one_hot(torch.tensor([0, 3, 1])))
print(F.one_hot(torch.tensor([[0, 1], [2, 0]]), num_classes=4).dtype)

run('pad constant', lambda a: F.pad(a, (1, 2), value=0.5), x)
run('pad constant 4', lambda a: F.pad(a, (1, 0, 0, 2)), x)
run('pad reflect', lambda a: F.pad(a, (2, 1, 1, 1), mode='reflect'), x)
run('pad replicate', lambda a: F.pad(a[0], (1, 1), 'replicate'), x)
run('pad circular', lambda a: F.pad(a, [1, 2, 2, 1], mode='circular'), x)
run('pad negative', lambda a: F.pad(a, (-1, -1)), x)

for mode in ['nearest', 'nearest-exact', 'bilinear', 'bicubic', 'area']:
    run('interpolate ' + mode, lambda a: F.interpolate(a, scale_factor=1.5, mode=mode), x)
    run('interpolate size ' + mode, lambda a: F.interpolate(a, size=(3, 5), mode=mode), x)
run('interpolate align', lambda a: F.interpolate(a, size=6, mode='bilinear', align_corners=True), x)
run('interpolate aa', lambda a: F.interpolate(a, size=(2, 3), mode='bilinear', antialias=True), x)
run('interpolate recompute', lambda a: F.interpolate(a, scale_factor=(1.7, 0.6), mode='bilinear', recompute_scale_factor=True), x)
run('interpolate linear', lambda a: F.interpolate(a, scale_factor=2, mode='linear'), x[0])
run('interpolate nearest1d', lambda a: F.interpolate(a, size=7), x[0])
run('interpolate trilinear', lambda a: F.interpolate(a, size=(2, 3, 5), mode='trilinear'), x.unsqueeze(0))
run('interpolate nearest3d', lambda a: F.interpolate(a, scale_factor=2), x.unsqueeze(0))
run('interpolate area3d', lambda a: F.interpolate(a, size=2, mode='area'), x.unsqueeze(0))

theta = torch.tensor([[[0.9, 0.1, 0.0], [-0.2, 1.1, 0.1]], [[1.0, 0.0, 0.2], [0.0, 1.0, 0.0]]])
run('affine_grid', lambda t: F.affine_grid(t, [2, 3, 3, 4], align_corners=False), theta)
grid = F.affine_grid(theta, [2, 3, 3, 4], align_corners=False)
for mode in ['bilinear', 'nearest', 'bicubic']:
    for padding in ['zeros', 'border', 'reflection']:
        run('grid_sample %s %s' % (mode, padding), lambda a, g: F.grid_sample(a, g, mode=mode, padding_mode=padding, align_corners=True), x, grid)

run('pixel_shuffle', lambda a: F.pixel_shuffle(a.reshape(2, 12, 2, 2), 2), x)
run('pixel_unshuffle', lambda a: F.pixel_unshuffle(a, 2), x)
run('channel_shuffle', lambda a: F.channel_shuffle(a.reshape(2, 6, 2, 4), 3), x)
run('cosine_similarity', lambda a, b: F.cosine_similarity(a, b, dim=0), v, torch.randn(3, 5))
run('pairwise_distance', lambda a, b: F.pairwise_distance(a, b, p=1.5, keepdim=True), v, torch.randn(3, 5))
run('pdist', lambda a: F.pdist(a), v)
q = torch.randn(2, 2, 3, 4)
run('sdpa', lambda a, b, c: F.scaled_dot_product_attention(a, b, c, is_causal=True), q, q * 0.5, q.flip(-1))

E = 4
src = torch.randn(3, 2, E)
in_w, in_b = torch.randn(3 * E, E), torch.randn(3 * E)
out_w, out_b = torch.randn(E, E), torch.randn(E)
mask = torch.tensor([[False, False, True], [False, False, False]])
run('mha weights', lambda s, w_: F.multi_head_attention_forward(s, s, s, E, 2, w_, in_b, None, None, False, 0.0, out_w, out_b, key_padding_mask=mask), src, in_w)
run('mha sdpa', lambda s: F.multi_head_attention_forward(s, s, s, E, 2, in_w, in_b, None, None, True, 0.0, out_w, out_b, need_weights=False, attn_mask=torch.triu(torch.ones(3, 3), 1).bool()), src)
run('mha kv', lambda s, k: F.multi_head_attention_forward(s, k, k, E, 1, in_w, in_b, torch.randn(1, 1, E), torch.randn(1, 1, E), False, 0.0, out_w, None, average_attn_weights=False), src, torch.randn(5, 2, E))
o, wts = F.multi_head_attention_forward(src[:, 0], src[:, 0], src[:, 0], E, 2, in_w, in_b, None, None, False, 0.0, out_w, out_b)
print(o.shape, wts.shape)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    F.grid_sample(x, grid)
    F.affine_grid(theta, [2, 3, 3, 4])
    F.upsample(x, scale_factor=2)
    F.upsample_nearest(x, size=5)
    F.upsample_bilinear(x, size=5)
    F.dropout2d(x[0, 0])
    F.dropout2d(x[0])
    F.dropout3d(x)
    F.embedding_bag(emb, idx)
    F.affine_grid(theta, [2, 3, 1, 4], align_corners=True)
for w_ in caught:
    print(w_.category.__name__, w_.lineno if w_.filename == __file__ else 'elsewhere', w_.message)

for bad in [lambda: F.dropout(x, 1.5), lambda: F.dropout1d(x, 0.5), lambda: F.alpha_dropout(x, -0.1),
            lambda: F.embedding(idx, emb, padding_idx=6), lambda: F.embedding(idx, emb, padding_idx=-7),
            lambda: F.embedding_bag(idx, emb, torch.tensor([0])), lambda: F.embedding_bag(idx[0], emb),
            lambda: F.embedding_bag(idx, emb, mode='median'), lambda: F.embedding_bag(idx, emb, mode='max', scale_grad_by_freq=True),
            lambda: F.embedding_bag(idx, emb, per_sample_weights=torch.rand(2, 3)),
            lambda: F.embedding_bag(idx, emb, per_sample_weights=torch.rand(3)),
            lambda: F.embedding_bag(idx, emb[0]),
            lambda: F.interpolate(x, size=3, scale_factor=2), lambda: F.interpolate(x),
            lambda: F.interpolate(x, size=(2, 2, 2)), lambda: F.interpolate(x, scale_factor=(2, 2, 2)),
            lambda: F.interpolate(x, size=(2.0, 3)), lambda: F.interpolate(x, size=3, mode='nearest', align_corners=True),
            lambda: F.interpolate(x, size=3, mode='linear'), lambda: F.interpolate(x[0], size=3, mode='bilinear'),
            lambda: F.interpolate(x, size=3, mode='cubic'), lambda: F.interpolate(x, size=3, recompute_scale_factor=True),
            lambda: F.interpolate(x, size=3, mode='nearest', antialias=True),
            lambda: F.grid_sample(x, grid, mode='linear'), lambda: F.grid_sample(x, grid, padding_mode='edge'),
            lambda: F.affine_grid(theta.long(), [2, 3, 3, 4]), lambda: F.affine_grid(theta, [2, 3, 4]),
            lambda: F.affine_grid(theta, [2, 3, 3, 4, 5]), lambda: F.affine_grid(theta, [2, 3, 0, 4], align_corners=False),
            lambda: F.pad(x, (1,)), lambda: F.pad(x, (5, 5), mode='reflect'), lambda: F.one_hot(torch.tensor([0, 3]), 2),
            lambda: F.multi_head_attention_forward(src, src, src, 5, 2, in_w, in_b, None, None, False, 0.0, out_w, out_b),
            lambda: F.multi_head_attention_forward(src[0, 0], src, src, E, 2, in_w, in_b, None, None, False, 0.0, out_w, out_b)]:
    try:
        bad()
    except Exception as exc:
        print(type(exc).__name__, exc)
