# ASGD, Rprop, Adafactor and SparseAdam over a few steps on small models,
# with their options and foreach=True: parameters and state bit for bit
# (floats printed in full), print(optimizer), state_dict round trips and
# the argument errors.
import torch
import torch.nn as nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))


torch.manual_seed(1)
x = torch.randn(6, 3)
y = torch.randn(6, 2)


def show(v):
    if isinstance(v, torch.Tensor):
        return v.flatten().tolist() if v.dim() else v.item()
    return v


def train(name, make_opt, steps=4, model=None):
    model = model or make_model()
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
            print('  state', tuple(p.shape), key, show(st[key]))
    return opt


O = torch.optim
print(train('asgd', lambda ps: O.ASGD(ps, lr=0.05)))
train('asgd-opts', lambda ps: O.ASGD(ps, lr=0.05, lambd=0.01, alpha=0.5, t0=2, weight_decay=0.1, maximize=True))
train('asgd-foreach', lambda ps: O.ASGD(ps, lr=0.05, lambd=0.01, alpha=0.5, t0=2, weight_decay=0.1, foreach=True))
train('asgd-foreach-max', lambda ps: O.ASGD(ps, lr=0.05, t0=1, weight_decay=0.1, maximize=True, foreach=True))
print(train('rprop', lambda ps: O.Rprop(ps, lr=0.05)))
train('rprop-opts', lambda ps: O.Rprop(ps, lr=0.05, etas=(0.3, 1.5), step_sizes=(1e-3, 0.08), maximize=True), 6)
train('rprop-foreach', lambda ps: O.Rprop(ps, lr=0.05, etas=(0.3, 1.5), step_sizes=(1e-3, 0.08), foreach=True), 6)
train('rprop-foreach-max', lambda ps: O.Rprop(ps, lr=0.05, maximize=True, foreach=True), 5)
print(train('adafactor', lambda ps: O.Adafactor(ps)))
train('adafactor-opts', lambda ps: O.Adafactor(ps, lr=0.05, beta2_decay=-0.5, eps=(1e-20, 1e-2), d=2.0,
                                               weight_decay=0.1, maximize=True))
train('adafactor-foreach', lambda ps: O.Adafactor(ps, lr=0.05, beta2_decay=-0.5, eps=(1e-20, 1e-2), d=2.0,
                                                  weight_decay=0.1, foreach=True))
train('adafactor-foreach-max', lambda ps: O.Adafactor(ps, maximize=True, foreach=True))

# A 3-d parameter: Adafactor factors over the last two dimensions.
torch.manual_seed(2)
w = torch.randn(2, 3, 4, requires_grad=True)
opt = O.Adafactor([w], lr=0.1)
for i in range(3):
    opt.zero_grad()
    (w.sin() * torch.arange(24.).view(2, 3, 4)).sum().backward()
    opt.step()
print(w.detach().flatten().tolist())
print({k: tuple(v.shape) for k, v in opt.state[w].items()})

# state_dict round trip: a fresh optimizer continues identically.
model = make_model()
opt = O.Rprop(model.parameters(), lr=0.05)
for i in range(2):
    opt.zero_grad()
    ((model(x) - y) ** 2).mean().backward()
    opt.step()
sd = opt.state_dict()
print(sd['param_groups'])
print(sorted(sd['state'][0].keys()))
opt2 = O.Rprop(model.parameters(), lr=0.05)
opt2.load_state_dict(sd)
opt2.zero_grad()
((model(x) - y) ** 2).mean().backward()
opt2.step()
print([p.detach().flatten().tolist() for p in model.parameters()][0])
a = O.ASGD(make_model().parameters())
print(a.state_dict()['param_groups'])

# SparseAdam on an embedding with sparse gradients.
torch.manual_seed(3)
emb = nn.Embedding(6, 3, sparse=True)
opt = O.SparseAdam(emb.parameters(), lr=0.1)
print(opt)
for i, idx in enumerate([[1, 3, 1], [0, 3], [5, 5, 5, 2]]):
    opt.zero_grad()
    out = emb(torch.tensor(idx))
    (out * torch.arange(float(out.numel())).view(out.shape)).sum().backward()
    opt.step()
    print('sparse', i, emb.weight.detach().flatten().tolist())
print({k: show(v) for k, v in opt.state[emb.weight].items()})
opt = O.SparseAdam(emb.parameters(), lr=0.1, maximize=True)
opt.zero_grad()
emb(torch.tensor([4])).sum().backward()
opt.step()
print(emb.weight.detach()[4].tolist())

# Errors.
for make in [lambda: O.ASGD([w], lr=-1), lambda: O.ASGD([w], lambd=-1), lambda: O.ASGD([w], alpha=-1),
             lambda: O.Rprop([w], etas=(1.5, 1.2)), lambda: O.Rprop([w], lr=-0.1),
             lambda: O.Adafactor([w], beta2_decay=0.5), lambda: O.Adafactor([w], d=0.5),
             lambda: O.Adafactor([w], eps=(-1, 1e-3)), lambda: O.SparseAdam([w], lr=0),
             lambda: O.SparseAdam([w], betas=(1.0, 0.9)), lambda: O.SparseAdam([w], eps=0)]:
    try:
        make()
    except ValueError as e:
        print('ValueError:', e)
dense = nn.Linear(2, 2)
opt = O.SparseAdam(dense.parameters())
dense(torch.ones(1, 2)).sum().backward()
try:
    opt.step()
except RuntimeError as e:
    print('RuntimeError:', e)
opt = O.Rprop(emb.parameters())
emb(torch.tensor([1])).sum().backward()
try:
    opt.step()
except RuntimeError as e:
    print('RuntimeError:', e)
