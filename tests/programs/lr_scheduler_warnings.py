# torch.optim.lr_scheduler's warnings, with PyTorch 2.15's text, category
# and location, each shown once under the default filters: scheduler.step()
# before optimizer.step(), optimizer.step replaced after the scheduler was
# made, get_lr() called outside step(), and the epoch argument of step().
import warnings

import torch
from torch.optim import SGD
from torch.optim import lr_scheduler as S

shown = []


def remember(message, category, filename, lineno, file=None, line=None):
    where = 'here:%d' % lineno if filename == __file__ else 'library'
    shown.append((category.__name__, where, str(message)))


def report(title):
    print(title, len(shown))
    for category, where, text in shown:
        print('  %s %s %s' % (category, where, text))
    shown.clear()


def make_optimizer():
    return SGD([torch.nn.Parameter(torch.ones(2))], lr=0.1, momentum=0.9)


warnings.showwarning = remember

# The schedule's first step before the optimizer's: one warning, once.
opt = make_optimizer()
sched = S.StepLR(opt, 2)
for i in range(4):
    sched.step()
    opt.step()
report('step before optimizer.step')
print('  lr', sched.get_last_lr(), 'opt._opt_called', getattr(opt, '_opt_called', None))

# The right order: no warning; optimizer.step is the wrapper.
opt = make_optimizer()
sched = S.ExponentialLR(opt, 0.5)
print('wrapped', hasattr(opt.step, '_wrapped_by_lr_sched'), opt.step.__name__, 'step' in opt.__dict__)
for i in range(3):
    opt.step()
    sched.step()
report('right order')
second = S.StepLR(opt, 3)
print('second scheduler keeps the wrapper', hasattr(opt.step, '_wrapped_by_lr_sched'))

# optimizer.step replaced after the scheduler was made.
opt = make_optimizer()
sched = S.LinearLR(opt)
opt.step = lambda closure=None: None
opt.step()
sched.step()
sched.step()
report('step replaced')

# get_lr() outside step(): the warning points into the library.
opt = make_optimizer()
sched = S.StepLR(opt, 1, gamma=0.5)
print('get_lr', sched.get_lr(), sched.get_lr(), sched.get_last_lr())
cos = S.CosineAnnealingLR(opt, 4)
print('cos get_lr', cos.get_lr())
report('get_lr outside step')

# The epoch argument: once per calling line under the default filters.
opt = make_optimizer()
sched = S.ExponentialLR(opt, 0.5)
for epoch in range(3):
    opt.step()
    sched.step(epoch)
sched.step(5)
plateau = S.ReduceLROnPlateau(opt)
plateau.step(1.0, epoch=3)
report('epoch argument')

# Schedulers PyTorch does not warn for: CosineAnnealingWarmRestarts has its
# own step(); ReduceLROnPlateau never checks the order.
opt = make_optimizer()
warm = S.CosineAnnealingWarmRestarts(opt, 2)
warm.step()
warm.step(0.5)
plateau = S.ReduceLROnPlateau(make_optimizer())
plateau.step(2.0)
report('no warnings')

# ChainedScheduler: each child warns, from inside the library.
opt = make_optimizer()
chain = S.ChainedScheduler([S.StepLR(opt, 2), S.ExponentialLR(opt, 0.9)])
chain.step()
report('chained before optimizer.step')

# Turned into errors by a filter.
warnings.showwarning = warnings._showwarning_orig
with warnings.catch_warnings():
    warnings.simplefilter('error')
    opt = make_optimizer()
    sched = S.StepLR(opt, 2)
    try:
        sched.step()
    except UserWarning as e:
        print('UserWarning raised:', str(e)[:60])
    try:
        sched.get_lr()
    except UserWarning as e:
        print('UserWarning raised:', e)
    print('last_epoch', sched.last_epoch, sched._step_count)
