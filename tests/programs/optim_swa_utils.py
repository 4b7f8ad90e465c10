# torch.optim.swa_utils: AveragedModel (SWA by default, EMA through avg_fn
# and multi_avg_fn, use_buffers), SWALR's annealing (cos and linear, its
# state_dict) and update_bn recomputing BatchNorm statistics from a loader.
import torch
import torch.nn as nn
from torch.optim.swa_utils import (AveragedModel, SWALR, get_ema_avg_fn, get_ema_multi_avg_fn,
                                   get_swa_multi_avg_fn, update_bn)


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 2))


torch.manual_seed(1)
xs = [torch.randn(5, 3) for _ in range(4)]
y = torch.randn(5, 2)


def run(name, **kwargs):
    model = make_model()
    avg = AveragedModel(model, **kwargs)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in xs:
        opt.zero_grad()
        ((model(x) - y) ** 2).mean().backward()
        opt.step()
        avg.update_parameters(model)
    print(name, avg.n_averaged)
    for n, p in avg.named_parameters():
        print(' ', n, p.detach().flatten().tolist())
    for n, b in avg.named_buffers():
        print(' ', n, b.flatten().tolist())
    return avg, model


avg, model = run('swa')
print(avg)
print(list(avg.state_dict().keys()))
print(avg(xs[0]).detach().tolist())
run('ema', avg_fn=get_ema_avg_fn(0.9))
run('ema-multi', multi_avg_fn=get_ema_multi_avg_fn(0.9))
run('swa-multi', multi_avg_fn=get_swa_multi_avg_fn())
run('ema-buffers', multi_avg_fn=get_ema_multi_avg_fn(0.5), use_buffers=True)
try:
    AveragedModel(model, avg_fn=get_ema_avg_fn(), multi_avg_fn=get_ema_multi_avg_fn())
except AssertionError as e:
    print('AssertionError:', e)
try:
    get_ema_avg_fn(1.5)
except ValueError as e:
    print('ValueError:', e)

# update_bn: the averaged model's BatchNorm statistics from a pass over data.
loader = [(x, y) for x in xs]
update_bn(loader, avg)
bn = avg.module[1]
print(bn.running_mean.tolist(), bn.running_var.tolist(), bn.num_batches_tracked.item(), bn.momentum)
print(avg.training)
update_bn(xs, nn.Linear(2, 2))

# SWALR: anneal towards swa_lr.
for strategy in ['cos', 'linear']:
    model = make_model()
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    sched = SWALR(opt, swa_lr=0.05, anneal_epochs=3, anneal_strategy=strategy)
    lrs = []
    for epoch in range(6):
        opt.step()
        sched.step()
        lrs.append(sched.get_last_lr()[0])
    print(strategy, lrs)
sd = sched.state_dict()
print(sorted(sd.keys()))
print(sd['_anneal_strategy'], sd['anneal_epochs'], sd['last_epoch'])
opt2 = torch.optim.SGD(make_model().parameters(), lr=0.5)
sched2 = SWALR(opt2, swa_lr=0.05, anneal_strategy='linear')
sched2.load_state_dict(sd)
print(sched2.anneal_func(0.5), sched2.anneal_epochs)
model = make_model()
opt = torch.optim.SGD([{'params': model[0].parameters(), 'lr': 0.2}, {'params': model[3].parameters()}], lr=0.4)
sched = SWALR(opt, swa_lr=[0.01, 0.02], anneal_epochs=0)
opt.step()
sched.step()
print(sched.get_last_lr(), [g['swa_lr'] for g in opt.param_groups])
for bad in [dict(anneal_strategy='step'), dict(anneal_epochs=-1), dict(anneal_epochs=1.5)]:
    try:
        SWALR(opt, swa_lr=0.1, **bad)
    except ValueError as e:
        print('ValueError:', e)
try:
    SWALR(opt, swa_lr=[0.1])
except ValueError as e:
    print('ValueError:', e)
