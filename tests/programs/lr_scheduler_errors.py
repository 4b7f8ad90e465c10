# torch.optim.lr_scheduler's errors for bad arguments: PyTorch 2.15's
# exception types and messages.
import torch
from torch.optim import SGD, Adam
from torch.optim import lr_scheduler as S


def sgd(groups=1, momentum=0.9):
    return SGD([{'params': [torch.nn.Parameter(torch.ones(1))]} for _ in range(groups)], lr=0.1, momentum=momentum)


def attempt(label, make):
    try:
        make()
        print(label, 'no error')
    except Exception as e:
        print(label, type(e).__name__ + ':', e)


attempt('not an optimizer', lambda: S.StepLR(None, 2))
attempt('not an optimizer (list)', lambda: S.ExponentialLR([torch.ones(1)], 0.5))
attempt('plateau not an optimizer', lambda: S.ReduceLROnPlateau('sgd'))
attempt('cyclic not an optimizer', lambda: S.CyclicLR(3, 0.1, 1.0))
attempt('onecycle not an optimizer', lambda: S.OneCycleLR(object(), 0.1, 10))
attempt('lambda count', lambda: S.LambdaLR(sgd(2), [lambda e: 1.0]))
attempt('multiplicative count', lambda: S.MultiplicativeLR(sgd(1), (lambda e: 1.0, lambda e: 2.0)))
attempt('multiplicative not callable', lambda: S.MultiplicativeLR(sgd(), 0.5))
attempt('constant factor', lambda: S.ConstantLR(sgd(), factor=1.5))
attempt('constant factor neg', lambda: S.ConstantLR(sgd(), factor=-0.1))
attempt('linear start', lambda: S.LinearLR(sgd(), start_factor=0))
attempt('linear end', lambda: S.LinearLR(sgd(), end_factor=1.1))
attempt('warm T_0', lambda: S.CosineAnnealingWarmRestarts(sgd(), T_0=0))
attempt('warm T_0 float', lambda: S.CosineAnnealingWarmRestarts(sgd(), T_0=2.0))
attempt('warm T_mult', lambda: S.CosineAnnealingWarmRestarts(sgd(), 2, T_mult=0))
attempt('warm eta_min', lambda: S.CosineAnnealingWarmRestarts(sgd(), 2, eta_min='0'))
attempt('plateau factor', lambda: S.ReduceLROnPlateau(sgd(), factor=1.0))
attempt('plateau mode', lambda: S.ReduceLROnPlateau(sgd(), mode='lowest'))
attempt('plateau threshold_mode', lambda: S.ReduceLROnPlateau(sgd(), threshold_mode='relative'))
attempt('plateau min_lr count', lambda: S.ReduceLROnPlateau(sgd(2), min_lr=[0.1]))
attempt('cyclic mode', lambda: S.CyclicLR(sgd(), 0.1, 1.0, mode='sawtooth'))
attempt('cyclic base_lr count', lambda: S.CyclicLR(sgd(2), [0.1], 1.0))
attempt('cyclic max_lr count', lambda: S.CyclicLR(sgd(2), 0.1, (1.0, 2.0, 3.0)))
attempt('cyclic no momentum', lambda: S.CyclicLR(SGD([torch.nn.Parameter(torch.ones(1))], lr=0.1), 0.1, 1.0) and None)
attempt('cyclic momentum count', lambda: S.CyclicLR(sgd(2), 0.1, 1.0, base_momentum=[0.8]))
attempt('onecycle nothing', lambda: S.OneCycleLR(sgd(), 0.1))
attempt('onecycle total_steps', lambda: S.OneCycleLR(sgd(), 0.1, total_steps=0))
attempt('onecycle total_steps float', lambda: S.OneCycleLR(sgd(), 0.1, total_steps=10.0))
attempt('onecycle epochs', lambda: S.OneCycleLR(sgd(), 0.1, epochs=-1, steps_per_epoch=3))
attempt('onecycle steps_per_epoch', lambda: S.OneCycleLR(sgd(), 0.1, epochs=2, steps_per_epoch=0))
attempt('onecycle only epochs', lambda: S.OneCycleLR(sgd(), 0.1, epochs=2))
attempt('onecycle pct_start', lambda: S.OneCycleLR(sgd(), 0.1, 10, pct_start=1.5))
attempt('onecycle pct_start int', lambda: S.OneCycleLR(sgd(), 0.1, 10, pct_start=0))
attempt('onecycle anneal', lambda: S.OneCycleLR(sgd(), 0.1, 10, anneal_strategy='cosine'))
attempt('onecycle max_lr count', lambda: S.OneCycleLR(sgd(2), [0.1, 0.2, 0.3], 10))
attempt('onecycle no momentum', lambda: S.OneCycleLR(SGD([torch.nn.Parameter(torch.ones(1))], lr=0.1), 0.1, 10))
attempt('sequential empty', lambda: S.SequentialLR(sgd(), [], []))
attempt('sequential milestones', lambda: S.SequentialLR(sgd(), [S.StepLR(sgd(), 1)], [2]))
attempt('sequential not a scheduler', lambda: S.SequentialLR(sgd(), [3], []))
opt = sgd()
attempt('sequential plateau', lambda: S.SequentialLR(opt, [S.StepLR(opt, 2), S.ReduceLROnPlateau(opt)], [2]))
attempt('chained empty', lambda: S.ChainedScheduler([]))
attempt('chained not a scheduler', lambda: S.ChainedScheduler([S.StepLR(opt, 2), 'x']))
attempt('chained plateau', lambda: S.ChainedScheduler([S.ReduceLROnPlateau(opt)]))
attempt('base get_lr', lambda: S.LRScheduler(sgd()))
sched = S.StepLR(sgd(), 2)
attempt('sequential step(epoch)', lambda: S.SequentialLR(opt, [S.StepLR(opt, 1)], []).step(3))
attempt('plateau no metric', lambda: S.ReduceLROnPlateau(sgd()).step())
attempt('plateau bad metric', lambda: S.ReduceLROnPlateau(sgd()).step('low'))
attempt('plateau get_lr', lambda: S.ReduceLROnPlateau(sgd()).get_lr())
attempt('step_size zero', lambda: S.StepLR(sgd(), 0))
attempt('resume without initial_lr', lambda: S.ExponentialLR(sgd(2), 0.5, last_epoch=0))
# Python's own argument errors (verbose= was removed from the schedulers).
attempt('verbose', lambda: S.StepLR(sgd(), 2, verbose=True))
attempt('plateau verbose', lambda: S.ReduceLROnPlateau(sgd(), verbose=True))
attempt('missing step_size', lambda: S.StepLR(sgd()))
attempt('missing gamma', lambda: S.ExponentialLR(sgd()))
attempt('too many', lambda: S.CosineAnnealingLR(sgd(), 2, 0.0, -1, 5))
attempt('chained step(epoch)', lambda: S.ChainedScheduler([S.StepLR(opt, 2)]).step(1))
