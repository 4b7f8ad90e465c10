# Layers, activations and losses of torch.nn: reprs, seeded parameters,
# forward outputs and gradients, as PyTorch's modules compute them.
import torch
from torch import nn

torch.manual_seed(0)


def grad_of(module, *inputs):
    inputs = [t.detach().requires_grad_() if t.is_floating_point() else t for t in inputs]
    out = module(*inputs)
    out.sum().backward()
    return out, [t.grad for t in inputs if t.is_floating_point()]


x = torch.randn(2, 6)
layers = [nn.Identity(), nn.Linear(6, 3), nn.Linear(6, 2, bias=False), nn.Flatten(0), nn.Unflatten(1, (2, 3)),
          nn.ReLU(), nn.ReLU6(), nn.LeakyReLU(), nn.LeakyReLU(0.2), nn.ELU(alpha=0.5), nn.GELU(),
          nn.GELU(approximate='tanh'), nn.SiLU(), nn.Mish(), nn.Sigmoid(), nn.Tanh(), nn.Hardtanh(),
          nn.Hardtanh(-2.0, 2.0), nn.Hardsigmoid(), nn.Hardswish(), nn.Softplus(),
          nn.Softplus(beta=2.0, threshold=1.0), nn.Softshrink(), nn.Hardshrink(0.3), nn.PReLU(),
          nn.PReLU(6, init=0.1), nn.GLU(), nn.Softmax(dim=1), nn.LogSoftmax(dim=1), nn.Dropout(p=0.0),
          nn.ReLU(inplace=False)]
for layer in layers:
    out, grads = grad_of(layer, x)
    print(layer)
    print(out)
    print(grads[0])
    print([(n, p.grad) for n, p in layer.named_parameters()])

print(nn.Softmax2d()(torch.randn(1, 2, 2, 2)))
bil = nn.Bilinear(2, 3, 4)
print(bil, bil.weight.shape)
out, grads = grad_of(bil, torch.randn(5, 2), torch.randn(5, 3))
print(out, grads[1])

# Dropout draws PyTorch's random numbers in training mode only.
drop = nn.Dropout(0.3)
print(drop, drop(torch.ones(3, 4)))
print(drop.eval()(torch.ones(3, 4)))
print(nn.Dropout(p=0.5, inplace=True))
try:
    nn.Dropout(1.5)
except ValueError as e:
    print(e)

# Embedding
emb = nn.Embedding(5, 3, padding_idx=1)
print(emb, emb.weight)
idx = torch.tensor([[0, 1, 4], [1, 2, 2]])
out = emb(idx)
out.sum().backward()
print(out, emb.weight.grad)
pre = nn.Embedding.from_pretrained(torch.arange(6.0).reshape(3, 2))
print(pre, pre.weight.requires_grad, pre(torch.tensor([2, 0])))
print(nn.Embedding(4, 2, max_norm=1.0, scale_grad_by_freq=True))
capped = nn.Embedding(4, 2, max_norm=1.0)
print(capped(torch.tensor([0, 3])).norm(dim=1))

# Distances
a, b = torch.randn(3, 4), torch.randn(3, 4)
print(nn.PairwiseDistance()(a, b), nn.PairwiseDistance(p=1.0, keepdim=True)(a, b))
print(nn.CosineSimilarity(dim=1)(a, b), nn.CosineSimilarity(dim=0, eps=1e-6)(a, b))

# Losses
inp = torch.randn(4, 3)
target = torch.tensor([0, 2, 1, 2])
probs = torch.softmax(torch.randn(4, 3), dim=1)
reg_target = torch.randn(4, 3)
binary = torch.rand(4, 3).round()
losses = [
    (nn.L1Loss(), (inp, reg_target)),
    (nn.L1Loss(reduction='sum'), (inp, reg_target)),
    (nn.MSELoss(), (inp, reg_target)),
    (nn.MSELoss(reduction='none'), (inp, reg_target)),
    (nn.CrossEntropyLoss(), (inp, target)),
    (nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 0.5])), (inp, target)),
    (nn.CrossEntropyLoss(ignore_index=2), (inp, target)),
    (nn.CrossEntropyLoss(label_smoothing=0.1), (inp, target)),
    (nn.CrossEntropyLoss(), (inp, probs)),
    (nn.NLLLoss(), (torch.log_softmax(inp, 1), target)),
    (nn.NLLLoss(reduction='sum'), (torch.log_softmax(inp, 1), target)),
    (nn.BCELoss(), (torch.sigmoid(inp), binary)),
    (nn.BCEWithLogitsLoss(), (inp, binary)),
    (nn.BCEWithLogitsLoss(pos_weight=torch.tensor([1.0, 2.0, 3.0])), (inp, binary)),
    (nn.SmoothL1Loss(), (inp, reg_target)),
    (nn.SmoothL1Loss(beta=0.5), (inp, reg_target)),
]
for loss_fn, (prediction, truth) in losses:
    prediction = prediction.detach().requires_grad_()
    out = loss_fn(prediction, truth)
    out.sum().backward()
    print(loss_fn, out, prediction.grad)
print(nn.CrossEntropyLoss(weight=torch.ones(3)).state_dict())
print(nn.BCEWithLogitsLoss(pos_weight=torch.ones(2)))
