# Optimizers on a complex parameter (updated through its real view, as
# PyTorch does) next to a real one, for-loop and foreach paths, bit for bit.
import torch
O = torch.optim
for name, make in [('adam', lambda ps: O.Adam(ps, lr=0.1, amsgrad=True)), ('adamw-foreach', lambda ps: O.AdamW(ps, lr=0.1, foreach=True)),
                   ('rmsprop', lambda ps: O.RMSprop(ps, lr=0.1, centered=True, momentum=0.5)), ('adagrad', lambda ps: O.Adagrad(ps, lr=0.1)),
                   ('adadelta', lambda ps: O.Adadelta(ps)), ('adamax', lambda ps: O.Adamax(ps)), ('nadam', lambda ps: O.NAdam(ps)),
                   ('radam', lambda ps: O.RAdam(ps)), ('sgd', lambda ps: O.SGD(ps, lr=0.1, momentum=0.9)),
                   ('rmsprop-fe', lambda ps: O.RMSprop(ps, lr=0.1, maximize=True, weight_decay=0.1, foreach=True)),
                   ('adagrad-fe', lambda ps: O.Adagrad(ps, lr=0.1, maximize=True, weight_decay=0.1, foreach=True)),
                   ('adadelta-fe', lambda ps: O.Adadelta(ps, maximize=True, weight_decay=0.1, foreach=True)),
                   ('adamax-fe', lambda ps: O.Adamax(ps, maximize=True, weight_decay=0.1, foreach=True)),
                   ('nadam-fe', lambda ps: O.NAdam(ps, maximize=True, weight_decay=0.1, foreach=True, decoupled_weight_decay=True)),
                   ('radam-fe', lambda ps: O.RAdam(ps, maximize=True, weight_decay=0.1, foreach=True))]:
    torch.manual_seed(0)
    z = torch.randn(3, dtype=torch.complex64, requires_grad=True)
    r = torch.randn(2, requires_grad=True)
    opt = make([z, r])
    for i in range(3):
        opt.zero_grad()
        loss = torch.real(z * z.conj()).sum() + (torch.real(z) * r[0]).sum() + (r ** 3).sum()
        loss.backward()
        opt.step()
    print(name, torch.view_as_real(z.detach()).tolist(), r.detach().tolist())
