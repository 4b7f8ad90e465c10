# A diamond and a long side branch: the engine's ready queue picks the node
# with the highest sequence number first, so the short branch created last
# runs before the long one created first.
import torch

x = torch.randn(4, requires_grad=True)
a = x * 2
long_branch = a.exp().sin().cos().tanh()
short_branch = a.sigmoid()
out = (long_branch + short_branch).sum()
out.backward()
print(x.grad.shape)
