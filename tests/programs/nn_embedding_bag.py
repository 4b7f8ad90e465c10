# nn.EmbeddingBag: modes sum / mean / max, offsets, 2-D input, include_last_offset,
# per_sample_weights, padding_idx, max_norm, from_pretrained, reprs,
# gradients, and PyTorch's errors.
import torch
from torch import nn

torch.manual_seed(0)
bag = nn.EmbeddingBag(10, 3)
print(bag)
print(bag.weight[:2])
inp = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9])
offsets = torch.tensor([0, 4])
out = bag(inp, offsets)
print(out, out.grad_fn.name())
out.sum().backward()
print(bag.weight.grad)

s = nn.EmbeddingBag(10, 3, mode='sum', padding_idx=0)
print(s)
print(s.weight[0])
w = torch.tensor([0.5, 1.0, 2.0, 0.0, 1.5, -1.0])
y = s(torch.tensor([0, 2, 3, 2, 1, 0]), torch.tensor([0, 2, 2]), per_sample_weights=w)
print(y)
y.pow(2).sum().backward()
print(s.weight.grad[:4])

m = nn.EmbeddingBag(6, 2, mode='max', include_last_offset=True)
print(m)
print(m(torch.tensor([0, 1, 2, 3, 4, 5]), torch.tensor([0, 3, 5, 6])))
two_d = nn.EmbeddingBag(6, 2, mode='mean', max_norm=1.0, norm_type=1.5, scale_grad_by_freq=True)
print(two_d)
print(two_d(torch.tensor([[0, 1, 1], [2, 3, 5]])))
print(two_d.weight.norm(p=1.5, dim=1))
pre = nn.EmbeddingBag.from_pretrained(torch.arange(12.).reshape(4, 3), mode='sum')
print(pre, pre.weight.requires_grad)
print(pre(torch.tensor([[0, 3], [1, 1]])))
pre2 = nn.EmbeddingBag.from_pretrained(torch.ones(3, 2), freeze=False, padding_idx=-1)
print(pre2, pre2.weight.requires_grad, pre2.padding_idx)

for make in [lambda: bag(torch.tensor([[1, 2], [3, 4]]), offsets),
             lambda: bag(inp),
             lambda: bag(inp, offsets, per_sample_weights=torch.ones(8)),
             lambda: nn.EmbeddingBag(4, 2, padding_idx=4),
             lambda: nn.EmbeddingBag.from_pretrained(torch.ones(3)),
             lambda: bag(torch.tensor([1.0, 2.0]), torch.tensor([0]))]:
    try:
        make()
    except (RuntimeError, ValueError, AssertionError) as e:
        print(type(e).__name__ + ':', e)
