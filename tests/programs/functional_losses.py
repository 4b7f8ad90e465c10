# torch.nn.functional's losses: values, gradients and grad_fn names as
# PyTorch computes them, every reduction, the legacy size_average/reduce
# flags and their warnings, and the shape errors F raises itself.
import warnings

import torch
import torch.nn.functional as F

torch.manual_seed(0)
logits = torch.randn(4, 3)
labels = torch.tensor([0, 2, 1, 2])
probs = torch.rand(4, 3)
pred = torch.randn(4, 3)
target = torch.randn(4, 3)


def run(name, fn, *inputs):
    xs = [t.clone().requires_grad_(True) for t in inputs]
    out = fn(*xs)
    print(name, out.grad_fn.name() if out.grad_fn is not None else None, out.shape)
    print(out)
    out.sum().backward()
    for x in xs:
        print(x.grad)


for red in ['mean', 'sum', 'none']:
    run('l1 ' + red, lambda a, b: F.l1_loss(a, b, reduction=red), pred, target)
    run('mse ' + red, lambda a, b: F.mse_loss(a, b, reduction=red), pred, target)
    run('smooth_l1 ' + red, lambda a, b: F.smooth_l1_loss(a, b, reduction=red, beta=0.5), pred, target)
    run('huber ' + red, lambda a, b: F.huber_loss(a, b, reduction=red, delta=0.7), pred, target)
    run('ce ' + red, lambda a: F.cross_entropy(a, labels, reduction=red), logits)
    run('nll ' + red, lambda a: F.nll_loss(F.log_softmax(a, 1), labels, reduction=red), logits)
    run('bce ' + red, lambda a: F.binary_cross_entropy(torch.sigmoid(a), probs, reduction=red), logits)
    run('bcel ' + red, lambda a: F.binary_cross_entropy_with_logits(a, probs, reduction=red), logits)

run('smooth_l1 beta0', lambda a, b: F.smooth_l1_loss(a, b, beta=0.0), pred, target)
run('l1 weighted', lambda a, b: F.l1_loss(a, b, weight=probs), pred, target)
run('mse weighted', lambda a, b: F.mse_loss(a, b, weight=probs, reduction='sum'), pred, target)
run('huber weighted', lambda a, b: F.huber_loss(a, b, weight=probs), pred, target)
w = torch.tensor([0.2, 1.0, 3.0])
run('ce weight', lambda a: F.cross_entropy(a, labels, weight=w), logits)
run('ce ignore', lambda a: F.cross_entropy(a, torch.tensor([0, -100, 1, 2])), logits)
run('ce smoothing', lambda a: F.cross_entropy(a, labels, label_smoothing=0.1), logits)
run('ce probs', lambda a: F.cross_entropy(a, probs.softmax(1)), logits)
run('ce probs smoothing', lambda a: F.cross_entropy(a, probs.softmax(1), label_smoothing=0.2, weight=w), logits)
run('ce 3d', lambda a: F.cross_entropy(a.reshape(2, 3, 2), torch.tensor([[0, 1], [2, 2]])), logits)
run('nll weight ignore', lambda a: F.nll_loss(a, labels, weight=w, ignore_index=2), logits)
run('bce weight', lambda a: F.binary_cross_entropy(torch.sigmoid(a), probs, weight=torch.tensor([1.0, 2.0, 0.5])), logits)
run('bcel pos_weight', lambda a: F.binary_cross_entropy_with_logits(a, probs, pos_weight=torch.tensor([1.0, 2.0, 3.0])), logits)
run('kl batchmean', lambda a: F.kl_div(F.log_softmax(a, 1), probs, reduction='batchmean'), logits)
run('kl log_target', lambda a: F.kl_div(F.log_softmax(a, 1), probs.log(), reduction='sum', log_target=True), logits)
run('soft_margin', lambda a: F.soft_margin_loss(a, torch.sign(target)), pred)
run('multilabel_soft_margin', lambda a: F.multilabel_soft_margin_loss(a, (probs > 0.5).float()), logits)
run('multilabel_soft_margin w', lambda a: F.multilabel_soft_margin_loss(a, (probs > 0.5).float(), weight=w, reduction='none'), logits)
run('multilabel_margin', lambda a: F.multilabel_margin_loss(a, torch.tensor([[1, -1, 0], [2, 0, -1], [0, 1, 2], [1, -1, -1]])), logits)
run('multi_margin', lambda a: F.multi_margin_loss(a, labels), logits)
run('multi_margin p2', lambda a: F.multi_margin_loss(a, labels, p=2, margin=0.5, weight=w), logits)
run('cosine_embedding', lambda a, b: F.cosine_embedding_loss(a, b, torch.tensor([1, -1, 1, -1]), margin=0.1), pred, target)
run('margin_ranking', lambda a, b: F.margin_ranking_loss(a[:, 0], b[:, 0], torch.tensor([1., -1., 1., 1.])), pred, target)
run('hinge_embedding', lambda a: F.hinge_embedding_loss(a, torch.sign(target)), pred)
run('triplet', lambda a, b, c: F.triplet_margin_loss(a, b, c, swap=True), pred, target, logits)
run('triplet dist', lambda a, b, c: F.triplet_margin_with_distance_loss(a, b, c, distance_function=lambda u, v: 1 - F.cosine_similarity(u, v)), pred, target, logits)
run('triplet dist default', lambda a, b, c: F.triplet_margin_with_distance_loss(a, b, c, swap=True, reduction='sum'), pred, target, logits)
run('poisson', lambda a: F.poisson_nll_loss(a, probs), pred)
run('poisson full', lambda a: F.poisson_nll_loss(a.exp(), probs * 3, log_input=False, full=True), pred)
run('gaussian', lambda a, v: F.gaussian_nll_loss(a, target, v.abs()), pred, probs)
run('gaussian full', lambda a: F.gaussian_nll_loss(a, target, torch.ones(4), full=True, reduction='sum'), pred)
run('gaussian float', lambda a: F.gaussian_nll_loss(a, target, 0.5), pred)
lp = torch.randn(6, 2, 4).log_softmax(2)
run('ctc', lambda a: F.ctc_loss(a, torch.tensor([[1, 2], [3, 3]]), [6, 5], [2, 2]), lp)
run('ctc sum', lambda a: F.ctc_loss(a, torch.tensor([1, 2, 3]), torch.tensor([6, 6]), torch.tensor([2, 1]), reduction='sum', zero_infinity=True), lp)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print(F.mse_loss(pred, target, size_average=False))
    print(F.l1_loss(pred, target, reduce=False).shape)
    print(F.nll_loss(logits, labels, size_average=True, reduce=True))
    print(F.kl_div(logits, probs))
    print(F.kl_div(logits, probs, reduce=False).shape)
    print(F.mse_loss(pred, target[0]))
    print(F.l1_loss(pred, target, reduction='elementwise_mean'))
    print(F.binary_cross_entropy(probs, probs, size_average=False))
for w in caught:
    print(w.category.__name__, w.lineno if w.filename == __file__ else 'elsewhere', w.message)

for bad in [lambda: F.binary_cross_entropy(probs, probs[0]),
            lambda: F.binary_cross_entropy_with_logits(logits, probs[:2]),
            lambda: F.cross_entropy(logits, labels.float()[:2]),
            lambda: F.cross_entropy(logits, torch.tensor([0, 1, 2])),
            lambda: F.nll_loss(logits, torch.tensor([0, 5, 1, 2])),
            lambda: F.mse_loss(pred, target, reduction='avg'),
            lambda: F.multi_margin_loss(logits, labels, p=3),
            lambda: F.multi_margin_loss(logits, labels, weight=torch.ones(3, 1)),
            lambda: F.triplet_margin_loss(pred, target, logits, margin=0),
            lambda: F.triplet_margin_with_distance_loss(pred, target, logits[0]),
            lambda: F.margin_ranking_loss(pred, target[0], labels),
            lambda: F.gaussian_nll_loss(pred, target, -probs),
            lambda: F.gaussian_nll_loss(pred, target, torch.ones(2)),
            lambda: F.poisson_nll_loss(pred, target, reduction='x'),
            lambda: F.l1_loss(pred, target, weight=torch.ones(3)),
            lambda: F.huber_loss(pred, target, weight=probs, reduction='bad')]:
    try:
        bad()
    except Exception as exc:
        print(type(exc).__name__, exc)
