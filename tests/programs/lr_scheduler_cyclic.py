# torch.optim.lr_scheduler: the cyclic schedulers (CyclicLR, OneCycleLR,
# CosineAnnealingWarmRestarts) over whole cycles, with the momentum / beta1
# they cycle in the optimizer's param groups, printed as PyTorch computes them.
import warnings

import torch
from torch.optim import SGD, Adam
from torch.optim import lr_scheduler as S


def params():
    return [torch.nn.Parameter(torch.zeros(3))]


def groups(lrs):
    return [{'params': params(), 'lr': lr} for lr in lrs]


def show(name, opt, sched, steps, keys=('momentum',)):
    print(name, sched.get_last_lr(), [[g.get(k) for k in keys] for g in opt.param_groups])
    for i in range(steps):
        opt.step()
        sched.step()
        print('  %2d %r %r' % (i + 1, sched.get_last_lr(), [[g.get(k) for k in keys] for g in opt.param_groups]))


opt = SGD(params(), lr=0.5, momentum=0.9)
show('CyclicLR-triangular', opt, S.CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=3), 13)
opt = SGD(groups([0.5, 0.5]), lr=0.5, momentum=0.9)
show('CyclicLR-triangular2', opt,
     S.CyclicLR(opt, base_lr=[0.01, 0.02], max_lr=[0.1, 0.3], step_size_up=2, step_size_down=4, mode='triangular2'), 19)
opt = SGD(params(), lr=0.5, momentum=0.9)
show('CyclicLR-exp_range', opt,
     S.CyclicLR(opt, 0.001, 0.01, step_size_up=4, mode='exp_range', gamma=0.9, base_momentum=0.7, max_momentum=0.95), 17)
opt = SGD(params(), lr=0.5)
show('CyclicLR-no-momentum', opt, S.CyclicLR(opt, 0.1, 1.0, step_size_up=2, cycle_momentum=False), 6)
opt = SGD(params(), lr=0.5, momentum=0.9)
show('CyclicLR-scale_fn', opt,
     S.CyclicLR(opt, 0.1, 1.0, step_size_up=2, scale_fn=lambda x: 1.0 / x, scale_mode='cycle'), 9)
opt = SGD(params(), lr=0.5, momentum=0.9)
show('CyclicLR-scale_fn-iterations', opt,
     S.CyclicLR(opt, 0.1, 1.0, step_size_up=2, scale_fn=lambda x: 0.5 ** x, scale_mode='iterations', mode='bogus'), 7)
opt = Adam(params(), lr=0.5, betas=(0.8, 0.99))
show('CyclicLR-adam', opt, S.CyclicLR(opt, 0.001, 0.004, step_size_up=2), 5, keys=('betas',))

opt = SGD(params(), lr=0.5, momentum=0.9)
show('OneCycleLR', opt, S.OneCycleLR(opt, max_lr=0.1, total_steps=12), 12)
print('  groups', [(g['initial_lr'], g['max_lr'], g['min_lr'], g['max_momentum'], g['base_momentum']) for g in opt.param_groups])
opt = SGD(groups([0.5, 0.5]), lr=0.5, momentum=0.9)
show('OneCycleLR-linear', opt,
     S.OneCycleLR(opt, max_lr=[0.1, 0.2], epochs=2, steps_per_epoch=5, anneal_strategy='linear', pct_start=0.4,
                  div_factor=10.0, final_div_factor=100.0), 10)
opt = SGD(params(), lr=0.5, momentum=0.9)
show('OneCycleLR-three-phase', opt, S.OneCycleLR(opt, max_lr=1.0, total_steps=15, three_phase=True), 15)
opt = Adam(params(), lr=0.5)
show('OneCycleLR-adam', opt, S.OneCycleLR(opt, max_lr=0.01, total_steps=6, base_momentum=0.8, max_momentum=0.9), 6, keys=('betas',))
opt = SGD(params(), lr=0.5)
show('OneCycleLR-no-momentum', opt, S.OneCycleLR(opt, max_lr=0.01, total_steps=5, cycle_momentum=False), 4)
try:
    opt.step()
    sched = S.OneCycleLR(opt, max_lr=0.01, total_steps=3, cycle_momentum=False)
    for i in range(4):
        opt.step()
        sched.step()
except ValueError as e:
    print('ValueError:', e)

opt = SGD(params(), lr=0.1)
show('CosineAnnealingWarmRestarts', opt, S.CosineAnnealingWarmRestarts(opt, T_0=4), 10, keys=())
opt = SGD(groups([0.1, 0.05]), lr=0.5)
sched = S.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=2, eta_min=0.001)
show('CosineAnnealingWarmRestarts-mult', opt, sched, 15, keys=())
print('  T_i', sched.T_i, 'T_cur', sched.T_cur, 'last_epoch', sched.last_epoch, '_step_count', sched._step_count)

# Fractional epochs are the documented way to step within an epoch.
opt = SGD(params(), lr=0.1)
sched = S.CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=2)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    for epoch in range(4):
        for i in range(4):
            opt.step()
            sched.step(epoch + i / 4)
            print('  epoch %.2f %r T_i=%r T_cur=%r last_epoch=%r' % (epoch + i / 4, sched.get_last_lr(), sched.T_i, sched.T_cur, sched.last_epoch))
    sched.step(20)
    print('  epoch 20', sched.get_last_lr(), sched.T_i, sched.T_cur)
    sched.step(1)
    print('  epoch 1', sched.get_last_lr(), sched.T_i, sched.T_cur)
    sched.step()
    print('  next', sched.get_last_lr(), sched.T_i, sched.T_cur)
print('warnings', len(caught))
try:
    sched.step(-1)
except ValueError as e:
    print('ValueError:', e)
