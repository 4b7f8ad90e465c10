# The loss modules beyond the common ones, through their nn.*Loss classes:
# forward values for each reduction, gradients, grad_fn names and reprs
# (their F forms are in functional_losses.py).
import torch
from torch import nn


def show(name, module, *inputs, reductions=('mean', 'sum', 'none')):
    for reduction in reductions:
        module.reduction = reduction
        out = module(*inputs)
        print(name, reduction, out, out.grad_fn.name() if out.grad_fn is not None else None)
    # Gradients of the first reduction, read on the leaf inputs.
    module.reduction = reductions[0]
    leaves = [t for t in inputs if t.requires_grad and t.is_leaf]
    for t in leaves:
        t.grad = None
    module(*inputs).backward()
    print(' grads:', [t.grad for t in leaves])


torch.manual_seed(0)
a = torch.randn(3, 4, requires_grad=True)
b = torch.randn(3, 4, requires_grad=True)
target = torch.randn(3, 4)
labels = torch.tensor([[1., -1., 1., -1.], [-1., -1., 1., 1.], [1., 1., -1., 1.]])

kl = nn.KLDivLoss(reduction='batchmean')
print(kl, kl(a.log_softmax(1), target.softmax(1)))
log_p = a.detach().log_softmax(1).requires_grad_()
kl_reductions = ('batchmean', 'sum', 'none')
show('KLDivLoss', nn.KLDivLoss(), log_p, target.softmax(1), reductions=kl_reductions)
show('KLDivLoss log_target', nn.KLDivLoss(log_target=True), a, target.log_softmax(1), reductions=kl_reductions)
print(nn.HuberLoss(delta=0.5))
show('HuberLoss', nn.HuberLoss(delta=0.5), a, target)
show('SoftMarginLoss', nn.SoftMarginLoss(), a, labels)
show('MultiLabelSoftMarginLoss', nn.MultiLabelSoftMarginLoss(weight=torch.tensor([1., 2., 0.5, 1.])),
     a, (labels > 0).float())
show('CosineEmbeddingLoss', nn.CosineEmbeddingLoss(margin=0.2), a, b, torch.tensor([1, -1, 1]))
a0 = a.detach()[:, 0].requires_grad_()
show('MarginRankingLoss', nn.MarginRankingLoss(margin=0.1), a0, b.detach()[:, 0], torch.tensor([1., -1., 1.]))
print(nn.TripletMarginLoss(margin=0.5, p=1.0, swap=True))
show('TripletMarginLoss', nn.TripletMarginLoss(margin=0.5, swap=True), a, b, target)
print(nn.PoissonNLLLoss(log_input=False, full=True))
show('PoissonNLLLoss', nn.PoissonNLLLoss(), a, target.abs())
rate = a.detach().exp().requires_grad_()
show('PoissonNLLLoss full', nn.PoissonNLLLoss(log_input=False, full=True), rate, target.abs() * 3)
print(nn.GaussianNLLLoss(full=True, eps=1e-3))
var = (torch.rand(3, 4) + 0.5).requires_grad_()
show('GaussianNLLLoss', nn.GaussianNLLLoss(), a, target, var)
show('GaussianNLLLoss full', nn.GaussianNLLLoss(full=True), a, target, var)

# CTC: time 6, batch 2, classes 4 (blank 0), targets of lengths 3 and 2.
torch.manual_seed(1)
log_probs = torch.randn(6, 2, 4).log_softmax(2).detach().requires_grad_()
targets = torch.tensor([[1, 2, 1], [3, 1, 0]])
ctc = nn.CTCLoss(blank=0, zero_infinity=True)
print(ctc)
for reduction in ('mean', 'sum', 'none'):
    ctc.reduction = reduction
    out = ctc(log_probs, targets, torch.tensor([6, 5]), torch.tensor([3, 2]))
    print('CTCLoss', reduction, out, out.grad_fn.name())
ctc.reduction = 'mean'
ctc(log_probs, targets, torch.tensor([6, 5]), torch.tensor([3, 2])).backward()
# Rounded: the smallest of these are printed in e-notation, where the 4th
# significant digit depends on the CPU.
print([[round(v, 4) for v in row] for row in log_probs.grad[:, 0].tolist()])
