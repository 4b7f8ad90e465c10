# AdamW, RMSprop, Adagrad, Adadelta, Adamax, NAdam and RAdam over a few steps
# on a small model, with their options and foreach=True: parameters and
# state bit for bit (floats printed in full), and print(optimizer).
import torch
import torch.nn as nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))


torch.manual_seed(1)
x = torch.randn(6, 3)
y = torch.randn(6, 2)


def train(name, make_opt, steps=4):
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
print(train('adamw', lambda ps: O.AdamW(ps, lr=0.01)))
train('adamw-amsgrad', lambda ps: O.AdamW(ps, lr=0.02, amsgrad=True, weight_decay=0.1, maximize=True))
train('adamw-foreach', lambda ps: O.AdamW(ps, lr=0.02, amsgrad=True, weight_decay=0.1, foreach=True))
print(train('rmsprop', lambda ps: O.RMSprop(ps, lr=0.01)))
train('rmsprop-centered', lambda ps: O.RMSprop(ps, lr=0.01, alpha=0.9, momentum=0.5, centered=True,
                                               weight_decay=0.01))
train('rmsprop-maximize', lambda ps: O.RMSprop(ps, lr=0.001, momentum=0.9, maximize=True))
train('rmsprop-foreach', lambda ps: O.RMSprop(ps, lr=0.01, alpha=0.9, momentum=0.5, centered=True,
                                              weight_decay=0.01, foreach=True))
print(train('adagrad', lambda ps: O.Adagrad(ps, lr=0.1)))
train('adagrad-decay', lambda ps: O.Adagrad(ps, lr=0.1, lr_decay=0.01, weight_decay=0.1,
                                            initial_accumulator_value=0.5, maximize=True))
train('adagrad-foreach', lambda ps: O.Adagrad(ps, lr=0.1, lr_decay=0.01, weight_decay=0.1, foreach=True))
print(train('adadelta', lambda ps: O.Adadelta(ps)))
train('adadelta-opts', lambda ps: O.Adadelta(ps, lr=0.5, rho=0.8, eps=1e-5, weight_decay=0.1, maximize=True))
train('adadelta-foreach', lambda ps: O.Adadelta(ps, lr=0.5, rho=0.8, weight_decay=0.1, foreach=True))
print(train('adamax', lambda ps: O.Adamax(ps)))
train('adamax-opts', lambda ps: O.Adamax(ps, lr=0.01, betas=(0.8, 0.9), weight_decay=0.1, maximize=True))
train('adamax-foreach', lambda ps: O.Adamax(ps, lr=0.01, betas=(0.8, 0.9), weight_decay=0.1, foreach=True))
print(train('nadam', lambda ps: O.NAdam(ps)))
train('nadam-opts', lambda ps: O.NAdam(ps, lr=0.01, momentum_decay=0.01, weight_decay=0.1))
train('nadam-decoupled', lambda ps: O.NAdam(ps, lr=0.01, weight_decay=0.1, decoupled_weight_decay=True,
                                            maximize=True))
train('nadam-foreach', lambda ps: O.NAdam(ps, lr=0.01, weight_decay=0.1, foreach=True))
print(train('radam', lambda ps: O.RAdam(ps), steps=7))
train('radam-opts', lambda ps: O.RAdam(ps, lr=0.01, betas=(0.5, 0.6), weight_decay=0.1), steps=7)
train('radam-decoupled', lambda ps: O.RAdam(ps, lr=0.01, betas=(0.5, 0.6), weight_decay=0.1,
                                            decoupled_weight_decay=True, maximize=True), steps=7)
train('radam-foreach', lambda ps: O.RAdam(ps, lr=0.01, betas=(0.5, 0.6), weight_decay=0.1, foreach=True), steps=7)
