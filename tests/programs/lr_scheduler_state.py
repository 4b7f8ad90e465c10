# torch.optim.lr_scheduler: state_dict() holds every attribute but the
# optimizer (in PyTorch's order), load_state_dict() restores a schedule
# mid-way, a scheduler made with last_epoch resumes from initial_lr, and
# step(epoch) uses the closed form (with PyTorch's deprecation warning).
import warnings

import torch
from torch.optim import SGD
from torch.optim import lr_scheduler as S


def make_optimizer(lrs=(0.1,)):
    return SGD([{'params': [torch.nn.Parameter(torch.ones(2))], 'lr': lr} for lr in lrs], lr=1.0, momentum=0.9)


def show_state(state):
    for key, value in state.items():
        print('   ', key, repr(value))


makers = [
    ('StepLR', lambda o: S.StepLR(o, step_size=2, gamma=0.5)),
    ('MultiStepLR', lambda o: S.MultiStepLR(o, milestones=[1, 3, 3])),
    ('ExponentialLR', lambda o: S.ExponentialLR(o, 0.9)),
    ('CosineAnnealingLR', lambda o: S.CosineAnnealingLR(o, T_max=6, eta_min=0.01)),
    ('LinearLR', lambda o: S.LinearLR(o, start_factor=0.2, total_iters=4)),
    ('ConstantLR', lambda o: S.ConstantLR(o, factor=0.25, total_iters=3)),
    ('PolynomialLR', lambda o: S.PolynomialLR(o, total_iters=5, power=0.5)),
    ('LambdaLR', lambda o: S.LambdaLR(o, lambda e: 1 / (e + 1))),
    ('MultiplicativeLR', lambda o: S.MultiplicativeLR(o, lambda e: 0.5)),
    ('CosineAnnealingWarmRestarts', lambda o: S.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2)),
    ('CyclicLR', lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=2)),
    ('OneCycleLR', lambda o: S.OneCycleLR(o, max_lr=0.5, total_steps=10)),
]

for name, make in makers:
    opt = make_optimizer()
    sched = make(opt)
    for _ in range(3):
        opt.step()
        sched.step()
    state = sched.state_dict()
    print(name, list(state))
    show_state(state)
    # A fresh scheduler loads the state and continues exactly where the
    # first one is; both then take the same steps.
    opt2 = make_optimizer()
    other = make(opt2)
    other.load_state_dict(state)
    for g2, g in zip(opt2.param_groups, opt.param_groups):
        g2['lr'] = g['lr']
    for _ in range(3):
        opt.step()
        sched.step()
        opt2.step()
        other.step()
        print('  ', sched.get_last_lr(), other.get_last_lr(), sched.last_epoch == other.last_epoch)
    print('  state keys unchanged', list(state) == list(sched.state_dict()))

# Callable objects (not functions) keep their state across state_dict().
class Decay:
    def __init__(self, rate):
        self.rate = rate

    def __call__(self, epoch):
        return self.rate ** epoch


opt = make_optimizer((0.1, 0.2))
sched = S.LambdaLR(opt, [Decay(0.5), lambda e: 1.0])
state = sched.state_dict()
print('lambda state', state['lr_lambdas'])
fresh = S.LambdaLR(make_optimizer((0.1, 0.2)), [Decay(0.9), lambda e: 2.0])
fresh.load_state_dict(state)
print('loaded rate', fresh.lr_lambdas[0].rate, 'lr_lambdas kept in the dict', 'lr_lambdas' in state)

opt = make_optimizer()
sched = S.CyclicLR(opt, 0.01, 0.1, step_size_up=2, scale_fn=Decay(0.5), scale_mode='iterations')
state = sched.state_dict()
print('cyclic custom', state['_scale_fn_custom'], '_scale_fn_ref' in state)

opt = make_optimizer()
plateau = S.ReduceLROnPlateau(opt, patience=1)
for m in [1.0, 2.0, 3.0]:
    plateau.step(m)
state = plateau.state_dict()
print('ReduceLROnPlateau', list(state))
show_state(state)
fresh = S.ReduceLROnPlateau(make_optimizer(), mode='max')
fresh.load_state_dict(state)
print('  loaded', fresh.mode, fresh.mode_worse, fresh.best, fresh.num_bad_epochs, fresh.last_epoch)

opt = make_optimizer()
seq = S.SequentialLR(opt, [S.ConstantLR(opt, factor=0.5, total_iters=2), S.ExponentialLR(opt, 0.5)], [2])
for _ in range(3):
    opt.step()
    seq.step()
state = seq.state_dict()
print('SequentialLR', list(state))
show_state(state)
opt = make_optimizer()
chain = S.ChainedScheduler([S.StepLR(opt, 1, 0.5), S.ExponentialLR(opt, 0.9)])
opt.step()
chain.step()
state = chain.state_dict()
print('ChainedScheduler', list(state))
show_state(state)

# Resuming: last_epoch >= 0 needs 'initial_lr' in every param group.
opt = make_optimizer((0.1, 0.2))
try:
    S.StepLR(opt, 2, last_epoch=4)
except KeyError as e:
    print('KeyError:', e)
for g in opt.param_groups:
    g['initial_lr'] = g['lr'] * 10
sched = S.StepLR(opt, 2, gamma=0.5, last_epoch=4)
print('resumed', sched.base_lrs, sched.last_epoch, sched.get_last_lr())
opt = make_optimizer()
opt.param_groups[0]['initial_lr'] = 1.0
sched = S.CosineAnnealingLR(opt, T_max=10, last_epoch=3)
print('resumed cosine', sched.last_epoch, sched.get_last_lr())
opt.step()
sched.step()
print('  then', sched.last_epoch, sched.get_last_lr())
opt.step()
sched.step()
print('  then', sched.last_epoch, sched.get_last_lr())

# step(epoch): the closed form, with the deprecation warning.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    for name, make in makers[:7]:
        opt = make_optimizer((0.1, 0.3))
        sched = make(opt)
        got = []
        for epoch in [0, 1, 2, 5, 4, 9, 3]:
            opt.step()
            sched.step(epoch)
            got.append(sched.get_last_lr())
        print(name, 'closed form', got)
    opt = make_optimizer()
    sched = S.LambdaLR(opt, lambda e: e + 1)
    opt.step()
    sched.step(7)
    print('LambdaLR epoch 7', sched.get_last_lr())
    plateau = S.ReduceLROnPlateau(make_optimizer())
    plateau.step(1.0, 5)
    print('plateau epoch', plateau.last_epoch)
print(len(caught), sorted(set(str(w.message)[:40] for w in caught)))
print(all(w.filename == __file__ and w.category is UserWarning for w in caught))

# A checkpoint: scheduler state_dicts through torch.save / torch.load
# (MultiStepLR's Counter, OneCycleLR's phases, SequentialLR's children).
import os
path = '/tmp/backstep_lr_scheduler_%d.pt' % os.getpid()
opt = make_optimizer()
for name, make in makers[:1] + makers[1:2] + makers[-1:]:
    sched = make(opt)
    opt.step()
    sched.step()
    torch.save({'optimizer': opt.state_dict(), 'scheduler': sched.state_dict()}, path)
    back = torch.load(path)
    print('checkpoint', name, back['scheduler'] == sched.state_dict(), type(back['scheduler'].get('milestones')).__name__)
opt = make_optimizer()
seq = S.SequentialLR(opt, [S.StepLR(opt, 2), S.ExponentialLR(opt, 0.5)], [3])
torch.save(seq.state_dict(), path)
back = torch.load(path)
print('checkpoint SequentialLR', back == seq.state_dict(), [sorted(s) for s in back['_schedulers']])
os.remove(path)
