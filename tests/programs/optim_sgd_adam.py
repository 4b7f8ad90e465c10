# torch.optim.SGD and Adam over a few steps on a small model: every variant's
# parameters and state, bit for bit (floats printed in full), and print(optimizer).
import torch
import torch.nn as nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(3, 5), nn.Tanh(), nn.Linear(5, 2))


torch.manual_seed(1)
x = torch.randn(8, 3)
y = torch.randn(8, 2)


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


print(train('sgd', lambda ps: torch.optim.SGD(ps, lr=0.1)))
train('sgd-momentum', lambda ps: torch.optim.SGD(ps, lr=0.05, momentum=0.9, dampening=0.1))
train('sgd-nesterov', lambda ps: torch.optim.SGD(ps, lr=0.05, momentum=0.8, nesterov=True, weight_decay=0.01))
train('sgd-maximize', lambda ps: torch.optim.SGD(ps, lr=0.01, momentum=0.5, maximize=True))
train('sgd-foreach', lambda ps: torch.optim.SGD(ps, lr=0.05, momentum=0.9, weight_decay=0.1, foreach=True))
train('sgd-foreach-max', lambda ps: torch.optim.SGD(ps, lr=0.05, momentum=0.9, nesterov=True,
                                                   weight_decay=0.1, maximize=True, foreach=True))
print(train('adam', lambda ps: torch.optim.Adam(ps, lr=0.01)))
train('adam-amsgrad', lambda ps: torch.optim.Adam(ps, lr=0.02, betas=(0.8, 0.99), amsgrad=True, weight_decay=0.05))
train('adam-maximize', lambda ps: torch.optim.Adam(ps, lr=0.01, maximize=True, eps=1e-6))
train('adam-decoupled', lambda ps: torch.optim.Adam(ps, lr=0.01, weight_decay=0.1, decoupled_weight_decay=True))
train('adam-foreach', lambda ps: torch.optim.Adam(ps, lr=0.01, weight_decay=0.1, amsgrad=True, foreach=True))
train('adam-foreach-max', lambda ps: torch.optim.Adam(ps, lr=0.01, maximize=True, foreach=True))
train('adam-tensor-lr', lambda ps: torch.optim.Adam(ps, lr=torch.tensor(0.01)))

# a parameter without a gradient is skipped and gets no state
model = make_model()
opt = torch.optim.Adam(model.parameters(), lr=0.1)
model[0].weight.requires_grad_(False)
model(x).sum().backward()
opt.step()
print(len(opt.state), [tuple(p.shape) for p in opt.state])
print(model[0].weight.grad, model[2].bias)
