# fused=True runs PyTorch's fused CPU kernels (Adam, AdamW, SGD, Adagrad):
# parameters and state bit for bit; non-float parameters are refused.
import torch
import torch.nn as nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))


torch.manual_seed(1)
x = torch.randn(6, 3)
y = torch.randn(6, 2)


def train(name, make_opt, steps=3):
    model = make_model()
    opt = make_opt(model.parameters())
    for i in range(steps):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        print(name, i, loss.item())
    for p in model.parameters():
        print(' ', p.detach().flatten().tolist())
    for p, st in opt.state.items():
        for key in sorted(st.keys()):
            v = st[key]
            print('  state', tuple(p.shape), key, v.flatten().tolist() if v.dim() else v)
    return opt


O = torch.optim
print(train('adam-fused', lambda ps: O.Adam(ps, lr=0.01, fused=True)))
train('adam-fused-amsgrad', lambda ps: O.Adam(ps, lr=0.01, amsgrad=True, weight_decay=0.1, maximize=True, fused=True))
train('adamw-fused', lambda ps: O.AdamW(ps, lr=0.01, fused=True))
train('sgd-fused', lambda ps: O.SGD(ps, lr=0.1, fused=True))
train('sgd-fused-momentum', lambda ps: O.SGD(ps, lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.01, fused=True))
train('adagrad-fused', lambda ps: O.Adagrad(ps, lr=0.1, lr_decay=0.01, weight_decay=0.1, fused=True))
p = torch.zeros(2, dtype=torch.int64)
p.grad = torch.zeros(2, dtype=torch.int64)
try:
    O.Adam([p], fused=True).step()
except RuntimeError as e:
    print('RuntimeError:', e)
try:
    O.Adam([nn.Parameter(torch.ones(1))], fused=True, differentiable=True)
except RuntimeError as e:
    print('RuntimeError:', e)
