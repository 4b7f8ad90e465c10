# AdaptiveLogSoftmaxWithLoss (forward, grads, log_prob, predict, errors, repr), and the
# layers kept for old programs: NLLLoss2d, Container, SyncBatchNorm on the CPU (plain batch
# norm outside a process group; convert_sync_batchnorm), CrossMapLRN2d (legacy window).
import torch
from torch import nn
torch.manual_seed(0)
m = nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs=[4, 7], div_value=2.0)
print(m)
print(m.head.weight[0], m.tail[1][1].weight)
torch.manual_seed(1)
x = torch.randn(5, 8, requires_grad=True)
t = torch.tensor([0, 5, 9, 3, 6])
o = m(x, t)
print(o)
print(type(o).__name__, o.output.grad_fn.name(), o.loss.grad_fn.name())
o.loss.backward()
print(x.grad)
print(m.head.weight.grad[:2], m.tail[0][0].weight.grad[:2])
print(m.log_prob(x))
print(m.predict(x))
try:
    m.predict(x[2])
except IndexError as e:
    print('IndexError', e)
print(m(x[0], t[0]))
try:
    m.log_prob(x[1])
except IndexError as e:
    print('IndexError', e)
for bad in [(torch.randn(3, 8), torch.tensor([0, 1])), (torch.randn(8), torch.tensor([1, 2])),
            (torch.randn(2, 8), torch.tensor(1)), (torch.randn(2, 8), torch.tensor([[1]])),
            (torch.randn(2, 8), torch.tensor([1, 10]))]:
    try:
        m(*bad)
    except Exception as e:
        print(type(e).__name__, e)
for cut in [[], [4, 2], [0, 3], [10], [3, 3], [2.5]]:
    try:
        nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs=cut)
    except Exception as e:
        print(type(e).__name__, e)
torch.manual_seed(2)
m2 = nn.AdaptiveLogSoftmaxWithLoss(6, 20, cutoffs=[3, 8, 15], div_value=1.5, head_bias=True)
print(m2)
xs = torch.randn(7, 6)
print(m2(xs, torch.tensor([0, 4, 9, 16, 19, 2, 12])).loss, m2.predict(xs))
print(nn.NLLLoss2d(ignore_index=1))
lp = torch.randn(2, 3, 2, 2).log_softmax(1)
print(nn.NLLLoss2d()(lp, torch.tensor([[[0, 1], [2, 1]], [[1, 1], [0, 2]]])))
print(nn.Container(a=nn.ReLU(), b=nn.Linear(1, 1)))
print(nn.SyncBatchNorm(4), nn.SyncBatchNorm(3, momentum=None, affine=False, track_running_stats=False))
s = nn.SyncBatchNorm(3)
y = s(torch.randn(4, 3, 2) * 3 + 1)
print(y[0], y.grad_fn.name(), s.running_mean, s.num_batches_tracked)
s.eval()
print(s(torch.ones(2, 3)))
for bad in [torch.randn(3), torch.randn(2, 0)]:
    try:
        s(bad)
    except Exception as e:
        print(type(e).__name__, e)
net = nn.Sequential(nn.Conv2d(1, 2, 1), nn.BatchNorm2d(2), nn.Sequential(nn.BatchNorm1d(3, bias=False)))
net[1].running_mean.fill_(0.5)
conv = nn.SyncBatchNorm.convert_sync_batchnorm(net)
print(conv, conv[1].running_mean, conv[1].weight is net[1].weight, conv[2][0].bias)
lrn = nn.CrossMapLRN2d(3, alpha=0.5, beta=0.75, k=1)
print(lrn, nn.CrossMapLRN2d(5, 1e-3, 0.5, 2))
torch.manual_seed(3)
xi = torch.randn(2, 6, 3, 3, requires_grad=True)
yo = lrn(xi)
print(yo[0, :, 0], yo.grad_fn.name())
(yo * torch.arange(6.).view(1, 6, 1, 1)).sum().backward()
print(xi.grad[1, :, 1])
print(nn.CrossMapLRN2d(4, 0.3, 0.6, 2)(xi.detach())[1, :, 2])
try:
    lrn(torch.randn(2, 3, 4))
except Exception as e:
    print(type(e).__name__, e)
print(nn.UninitializedParameter, nn.UninitializedBuffer)
