# torch.optim.lr_scheduler: the chainable schedulers step by step, with
# optimizer.step() before scheduler.step() as PyTorch asks; get_last_lr()
# and the optimizer's param_groups print PyTorch's floats bit for bit.
import math

import torch
from torch.optim import SGD
from torch.optim import lr_scheduler as S


def make_optimizer(lrs=(0.1,)):
    groups = [{'params': [torch.nn.Parameter(torch.ones(2))], 'lr': lr} for lr in lrs]
    return SGD(groups, lr=0.5, momentum=0.9)


def run(name, make, steps, lrs=(0.1,)):
    opt = make_optimizer(lrs)
    sched = make(opt)
    print(name, sched.last_epoch, sched.base_lrs, sched.get_last_lr())
    trail = []
    for _ in range(steps):
        opt.step()
        sched.step()
        trail.append(sched.get_last_lr())
    for i, lrs_now in enumerate(trail):
        print('  %2d %r' % (i + 1, lrs_now))
    print('  groups', [g['lr'] for g in opt.param_groups], [g['initial_lr'] for g in opt.param_groups])
    print('  last_epoch', sched.last_epoch, '_step_count', sched._step_count)


run('StepLR', lambda o: S.StepLR(o, step_size=3, gamma=0.5), 10, (0.1, 0.03))
run('StepLR-default-gamma', lambda o: S.StepLR(o, 2), 6)
run('MultiStepLR', lambda o: S.MultiStepLR(o, milestones=[2, 5, 5, 8], gamma=0.3), 10)
run('ExponentialLR', lambda o: S.ExponentialLR(o, gamma=0.9), 12, (0.1, 1.0))
run('CosineAnnealingLR', lambda o: S.CosineAnnealingLR(o, T_max=5), 16)
run('CosineAnnealingLR-eta', lambda o: S.CosineAnnealingLR(o, T_max=4, eta_min=0.001), 13, (0.1, 0.05))
run('LambdaLR', lambda o: S.LambdaLR(o, lr_lambda=lambda e: 0.95 ** e), 8)
run('LambdaLR-list', lambda o: S.LambdaLR(o, [lambda e: e // 3, lambda e: 1.0 / (e + 1)]), 7, (0.1, 0.2))
run('MultiplicativeLR', lambda o: S.MultiplicativeLR(o, lr_lambda=lambda e: 0.9), 8)
run('MultiplicativeLR-epoch', lambda o: S.MultiplicativeLR(o, lambda e: 1.0 - e / 20), 8, (0.3, 0.7))
run('LinearLR', lambda o: S.LinearLR(o), 8)
run('LinearLR-args', lambda o: S.LinearLR(o, start_factor=0.25, end_factor=0.75, total_iters=6), 9, (0.1, 0.3))
run('LinearLR-down', lambda o: S.LinearLR(o, start_factor=1.0, end_factor=0.1, total_iters=4), 6)
run('ConstantLR', lambda o: S.ConstantLR(o), 8)
run('ConstantLR-args', lambda o: S.ConstantLR(o, factor=0.5, total_iters=3), 6, (0.1, 0.7))
run('PolynomialLR', lambda o: S.PolynomialLR(o, total_iters=6, power=2.0), 9)
run('PolynomialLR-default', lambda o: S.PolynomialLR(o), 7, (0.1, 0.3))

# Many steps of chained multiplications drift from the closed form: the
# printed values show exactly PyTorch's rounding.
opt = make_optimizer((0.1,))
sched = S.CosineAnnealingLR(opt, T_max=7, eta_min=0.01)
for i in range(60):
    opt.step()
    sched.step()
print('cosine after 60', sched.get_last_lr(), sched._get_closed_form_lr())
opt = make_optimizer((0.1,))
sched = S.ExponentialLR(opt, gamma=0.97)
for i in range(100):
    opt.step()
    sched.step()
print('exponential after 100', sched.get_last_lr(), sched._get_closed_form_lr())

# A subclass of LRScheduler with its own get_lr, as users write them.
class Halving(S.LRScheduler):
    def __init__(self, optimizer, every, last_epoch=-1):
        self.every = every
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch > 0 and self.last_epoch % self.every == 0:
            return [g['lr'] / 2 for g in self.optimizer.param_groups]
        return [g['lr'] for g in self.optimizer.param_groups]


run('Halving', lambda o: Halving(o, 2), 7)
print(issubclass(S._LRScheduler, S.LRScheduler), S._LRScheduler.__name__)
print(sorted(S.__all__))
