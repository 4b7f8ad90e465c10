# Schedulers on every torch.optim optimizer: the scheduled lr (and the
# momentum or beta1 CyclicLR / OneCycleLR cycle) reaches each optimizer's
# update exactly as in PyTorch; optimizers without momentum refuse
# cycle_momentum with PyTorch's error.
import torch
from torch import nn
from torch import optim
from torch.optim import lr_scheduler as S

torch.manual_seed(0)
x = torch.randn(8, 3)
y = torch.randn(8, 2)


def train(name, make_opt, make_sched, steps=5, keys=()):
    torch.manual_seed(2)
    model = nn.Linear(3, 2)
    opt = make_opt(model.parameters())
    sched = make_sched(opt)
    for step in range(steps):
        def closure():
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            return loss
        loss = opt.step(closure)
        sched.step()
    print(name, repr(loss.item()), sched.get_last_lr(), [opt.param_groups[0][k] for k in keys])
    print('  ', model.weight.data.flatten().tolist())


train('AdamW+CosineAnnealingLR', lambda p: optim.AdamW(p, lr=0.05), lambda o: S.CosineAnnealingLR(o, 4))
train('AdamW+OneCycleLR', lambda p: optim.AdamW(p, lr=0.05), lambda o: S.OneCycleLR(o, 0.1, total_steps=6), keys=('betas',))
train('RMSprop+CyclicLR', lambda p: optim.RMSprop(p, lr=0.01, momentum=0.5),
      lambda o: S.CyclicLR(o, 0.001, 0.02, step_size_up=2), keys=('momentum',))
train('Adagrad+StepLR', lambda p: optim.Adagrad(p, lr=0.3), lambda o: S.StepLR(o, 2, 0.5))
train('Adadelta+ExponentialLR', lambda p: optim.Adadelta(p, lr=1.0), lambda o: S.ExponentialLR(o, 0.7))
train('Adamax+LinearLR', lambda p: optim.Adamax(p, lr=0.1), lambda o: S.LinearLR(o, 0.5, total_iters=3))
train('NAdam+CyclicLR', lambda p: optim.NAdam(p, lr=0.01), lambda o: S.CyclicLR(o, 0.01, 0.05, step_size_up=2), keys=('betas',))
train('RAdam+PolynomialLR', lambda p: optim.RAdam(p, lr=0.1), lambda o: S.PolynomialLR(o, total_iters=4))
train('LBFGS+MultiStepLR', lambda p: optim.LBFGS(p, lr=0.5, max_iter=3), lambda o: S.MultiStepLR(o, [2, 3]))
train('SGD+ChainedScheduler', lambda p: optim.SGD(p, lr=0.1, momentum=0.9, nesterov=True),
      lambda o: S.ChainedScheduler([S.ConstantLR(o, 0.5, 2), S.ExponentialLR(o, 0.9)]))
for name, make in [('Adagrad', lambda p: optim.Adagrad(p)), ('Adadelta', lambda p: optim.Adadelta(p)),
                   ('LBFGS', lambda p: optim.LBFGS(p))]:
    for sched in [lambda o: S.CyclicLR(o, 0.01, 0.1), lambda o: S.OneCycleLR(o, 0.1, 10)]:
        try:
            sched(make(nn.Linear(2, 1).parameters()))
        except ValueError as e:
            print(name, 'ValueError:', e)
