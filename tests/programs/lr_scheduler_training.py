# Schedulers inside a training loop: the learning rate each step changes the
# parameters exactly as in PyTorch (SGD with momentum and StepLR, Adam with
# OneCycleLR cycling beta1, a tensor lr with ExponentialLR, and
# ReduceLROnPlateau reading the loss).
import torch
from torch import nn
from torch.optim import SGD, Adam
from torch.optim import lr_scheduler as S

torch.manual_seed(0)
x = torch.randn(16, 4)
y = x @ torch.tensor([[1.0], [-2.0], [0.5], [3.0]]) + 0.25


def train(name, make_opt, make_sched, steps, metric=False):
    torch.manual_seed(1)
    model = nn.Linear(4, 1)
    opt = make_opt(model.parameters())
    sched = make_sched(opt)
    print(name)
    for step in range(steps):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        if metric:
            sched.step(loss.item())
        else:
            sched.step()
        print('  %2d loss=%r lr=%r' % (step, loss.item(), sched.get_last_lr()))
    print('  weight', model.weight.data, 'bias', model.bias.data)
    return opt


train('SGD+StepLR', lambda p: SGD(p, lr=0.05, momentum=0.9), lambda o: S.StepLR(o, 4, gamma=0.5), 12)
opt = train('Adam+OneCycleLR', lambda p: Adam(p, lr=0.1), lambda o: S.OneCycleLR(o, max_lr=0.2, total_steps=10), 10)
print('  betas', opt.param_groups[0]['betas'], 'step', [s['step'] for s in opt.state.values()])
train('SGD tensor lr+ExponentialLR', lambda p: SGD(p, lr=torch.tensor(0.05)), lambda o: S.ExponentialLR(o, 0.8), 6)
train('SGD+ReduceLROnPlateau', lambda p: SGD(p, lr=0.3, momentum=0.5),
      lambda o: S.ReduceLROnPlateau(o, patience=1, factor=0.5), 12, metric=True)
train('SGD+warmup then cosine', lambda p: SGD([{'params': p, 'lr': 0.05}], nesterov=True, momentum=0.9),
      lambda o: S.SequentialLR(o, [S.LinearLR(o, 0.2, total_iters=3), S.CosineAnnealingLR(o, 6)], [3]), 10)
