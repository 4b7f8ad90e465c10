# One graph through many torch.nn.functional calls: a small conv net with
# norms, pools, activations, attention and a sum of losses, so every node
# name, edge and the engine order are checked against PyTorch's.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 8, 8, requires_grad=True)
conv_w = torch.randn(4, 3, 3, 3, requires_grad=True)
conv_b = torch.randn(4, requires_grad=True)
gn_w = torch.ones(4, requires_grad=True)
lin_w = torch.randn(5, 16, requires_grad=True)
lin_b = torch.zeros(5, requires_grad=True)
emb = torch.randn(7, 5, requires_grad=True)
in_w = torch.randn(15, 5, requires_grad=True)
out_w = torch.randn(5, 5, requires_grad=True)

h = F.conv2d(x, conv_w, conv_b, padding=1)
h = F.batch_norm(h, torch.zeros(4), torch.ones(4), training=True)
h = F.group_norm(F.leaky_relu(h, 0.1), 2, gn_w)
h = F.max_pool2d(F.gelu(h), 2)
h = F.avg_pool2d(F.pad(h, (1, 1, 1, 1), mode='reflect'), 2)
h = F.interpolate(h, size=(2, 2), mode='bilinear', align_corners=False)
h = F.dropout(F.silu(h), 0.2)
h = F.layer_norm(h.flatten(1), (16,))
logits = F.linear(h, lin_w, lin_b)
tokens = F.embedding(torch.tensor([[1, 3, 6], [0, 2, 2]]), emb, padding_idx=0)
seq = F.normalize(tokens + logits.unsqueeze(1), dim=-1).transpose(0, 1)
att, weights = F.multi_head_attention_forward(seq, seq, seq, 5, 1, in_w, None, None, None, False, 0.0, out_w, None)
loss = (F.cross_entropy(logits, torch.tensor([1, 4]), label_smoothing=0.1)
        + F.mse_loss(att.mean(0), torch.zeros(2, 5))
        + F.binary_cross_entropy_with_logits(logits, torch.rand(2, 5), pos_weight=torch.full((5,), 2.0))
        + F.kl_div(F.log_softmax(logits, 1), F.softmax(logits.detach(), 1), reduction='batchmean')
        + F.smooth_l1_loss(F.softplus(logits), F.hardtanh(logits))
        + F.triplet_margin_loss(logits, logits.flip(0), logits * 0.5)
        + weights.sum() * F.elu(conv_b).sum())
loss.backward()
print(loss, x.grad.norm(), conv_w.grad.norm(), emb.grad[0], in_w.grad.norm())
