# attention: one scaled dot-product self-attention block with a residual
# connection and layer norm, as in a transformer encoder layer.
#
#   scripts/run render examples/graphs/attention.py -o attention.svg --grads
import math

import torch
import torch.nn.functional as F

torch.manual_seed(0)
tokens, dim, heads = 6, 8, 2
head_dim = dim // heads

x = torch.randn(tokens, dim)
target = torch.randn(tokens, dim)
wq = (torch.randn(dim, dim) / math.sqrt(dim)).requires_grad_()
wk = (torch.randn(dim, dim) / math.sqrt(dim)).requires_grad_()
wv = (torch.randn(dim, dim) / math.sqrt(dim)).requires_grad_()
wo = (torch.randn(dim, dim) / math.sqrt(dim)).requires_grad_()


def split_heads(t):
    return t.view(tokens, heads, head_dim).transpose(0, 1)


def attention(x):
    q, k, v = split_heads(x @ wq), split_heads(x @ wk), split_heads(x @ wv)
    scores = q @ k.transpose(-2, -1) / math.sqrt(head_dim)
    weights = F.softmax(scores, dim=-1)
    mixed = (weights @ v).transpose(0, 1).reshape(tokens, dim)
    return mixed @ wo, weights


out, weights = attention(x)
y = F.layer_norm(x + out, (dim,))
loss = F.mse_loss(y, target)
loss.backward()
print("attention weights of head 0, token 0:", [round(w, 3) for w in weights[0, 0].tolist()])
print("loss", round(loss.item(), 4))
print("grad norms", [round(w.grad.norm().item(), 4) for w in (wq, wk, wv, wo)])
