# torch.optim.lr_scheduler: SequentialLR (switching schedulers at
# milestones), ChainedScheduler (composing chainable ones) and
# ReduceLROnPlateau (reacting to a metric), printed as PyTorch computes them.
import torch
from torch.optim import SGD
from torch.optim import lr_scheduler as S


def make_optimizer(lrs=(0.1,)):
    return SGD([{'params': [torch.nn.Parameter(torch.ones(2))], 'lr': lr} for lr in lrs], lr=1.0, momentum=0.5)


def run(name, opt, sched, steps):
    print(name, sched.last_epoch if hasattr(sched, 'last_epoch') else '-', sched.get_last_lr(),
          [g['lr'] for g in opt.param_groups])
    for i in range(steps):
        opt.step()
        sched.step()
        print('  %2d %r' % (i + 1, sched.get_last_lr()))


opt = make_optimizer()
warmup = S.LinearLR(opt, start_factor=0.1, total_iters=3)
decay = S.ExponentialLR(opt, gamma=0.8)
seq = S.SequentialLR(opt, schedulers=[warmup, decay], milestones=[3])
print('children after SequentialLR()', warmup.last_epoch, decay.last_epoch, warmup._step_count, decay._step_count)
run('SequentialLR', opt, seq, 9)
print('  children', warmup.last_epoch, decay.last_epoch, [g['lr'] for g in opt.param_groups])

opt = make_optimizer((0.1, 0.4))
seq = S.SequentialLR(opt, [S.ConstantLR(opt, factor=0.5, total_iters=2), S.StepLR(opt, 2, gamma=0.5),
                           S.CosineAnnealingLR(opt, T_max=3)], milestones=[2, 5])
run('SequentialLR-three', opt, seq, 11)

opt = make_optimizer()
seq = S.SequentialLR(opt, [S.LambdaLR(opt, lambda e: (e + 1) / 4), S.MultiStepLR(opt, [1, 3])], milestones=[3])
run('SequentialLR-lambda', opt, seq, 8)

opt = make_optimizer((0.1, 0.2))
chain = S.ChainedScheduler([S.ConstantLR(opt, factor=0.1, total_iters=2), S.ExponentialLR(opt, gamma=0.9)])
run('ChainedScheduler', opt, chain, 6)
opt = make_optimizer()
s1 = S.StepLR(opt, 2, gamma=0.5)
s2 = S.LinearLR(opt, start_factor=0.5, total_iters=3)
chain = S.ChainedScheduler([s1, s2], optimizer=opt)
run('ChainedScheduler-opt', opt, chain, 7)
print('  chain optimizer is opt', chain.optimizer is opt, s1.last_epoch, s2.last_epoch)

# Nested: a SequentialLR whose second phase is a ChainedScheduler; at the
# milestone PyTorch asks the ChainedScheduler for get_lr(), which it lacks.
opt = make_optimizer()
inner = S.ChainedScheduler([S.ExponentialLR(opt, gamma=0.5), S.MultiplicativeLR(opt, lambda e: 0.9)])
seq = S.SequentialLR(opt, [S.ConstantLR(opt, factor=0.5, total_iters=2), inner], milestones=[2])
try:
    run('Sequential-of-chained', opt, seq, 5)
except NotImplementedError as e:
    print('NotImplementedError', repr(e))

metrics = [1.0, 0.9, 0.95, 0.95, 0.95, 0.8, 0.85, 0.85, 0.85, 0.85, 0.85, 0.85, 0.7, 0.7, 0.7, 0.7, 0.7]
opt = make_optimizer((0.1, 0.01))
plateau = S.ReduceLROnPlateau(opt, patience=2, factor=0.5, min_lr=[0.02, 0.001])
print('ReduceLROnPlateau', plateau.get_last_lr(), plateau.best, plateau.mode_worse)
for m in metrics:
    opt.step()
    plateau.step(m)
    print('  %r best=%r bad=%r cooldown=%r %r' % (m, plateau.best, plateau.num_bad_epochs, plateau.cooldown_counter, plateau.get_last_lr()))
print('  last_epoch', plateau.last_epoch, 'in_cooldown', plateau.in_cooldown)

opt = make_optimizer()
plateau = S.ReduceLROnPlateau(opt, mode='max', patience=1, cooldown=2, threshold=0.1, threshold_mode='abs', eps=1e-3)
print('ReduceLROnPlateau-max', plateau.best)
for m in [1, 2, 2.05, 2.05, 2.05, 2.05, 2.05, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]:
    plateau.step(torch.tensor(m))
    print('  %r best=%r bad=%r cooldown=%r %r' % (m, plateau.best, plateau.num_bad_epochs, plateau.cooldown_counter, plateau.get_last_lr()))

opt = make_optimizer()
plateau = S.ReduceLROnPlateau(opt, mode='max', threshold=0.5, patience=0)
for m in [1.0, 1.4, 1.6, 2.4, 2.5]:
    plateau.step(m)
    print('  rel-max %r best=%r %r' % (m, plateau.best, plateau.get_last_lr()))
opt = make_optimizer()
plateau = S.ReduceLROnPlateau(opt, threshold_mode='abs', threshold=0.1, patience=0, factor=0.25)
for m in [1.0, 0.95, 0.85, 0.9]:
    plateau.step(m)
    print('  abs-min %r best=%r %r' % (m, plateau.best, plateau.get_last_lr()))

# A param group added later: a single min_lr grows to fit, a list raises.
opt = make_optimizer()
plateau = S.ReduceLROnPlateau(opt, patience=0, min_lr=0.05)
opt.add_param_group({'params': [torch.nn.Parameter(torch.ones(1))], 'lr': 0.3})
plateau.step(1.0)
plateau.step(2.0)
print('added group', plateau.min_lrs, plateau.get_last_lr())
opt = make_optimizer()
plateau = S.ReduceLROnPlateau(opt, patience=0, min_lr=[0.05])
opt.add_param_group({'params': [torch.nn.Parameter(torch.ones(1))], 'lr': 0.3})
plateau.step(1.0)
try:
    plateau.step(2.0)
except RuntimeError as e:
    print('RuntimeError:', e)
