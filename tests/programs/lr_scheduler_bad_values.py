# torch.optim.lr_scheduler given values PyTorch accepts at construction but
# that fail while stepping (zero periods, lambdas returning or raising the
# wrong thing), and ReduceLROnPlateau fed NaN, inf and a many-element
# tensor: the same Python exceptions and messages as PyTorch, or its lrs.
import torch
from torch.optim import SGD
from torch.optim import lr_scheduler as S
def sgd():
    return SGD([torch.nn.Parameter(torch.ones(1))], lr=0.1, momentum=0.9)
def run(label, make, steps=2):
    try:
        o = sgd()
        s = make(o)
        for _ in range(steps):
            o.step()
            s.step()
        print(label, 'ok', s.get_last_lr())
    except Exception as e:
        print(label, type(e).__name__ + ':', e)
run('step_size 0', lambda o: S.StepLR(o, 0))
run('T_max 0', lambda o: S.CosineAnnealingLR(o, 0))
run('cyclic 0', lambda o: S.CyclicLR(o, 0.1, 1.0, step_size_up=0, step_size_down=0))
run('lambda str', lambda o: S.LambdaLR(o, lambda e: 'x'))
run('lambda raises', lambda o: S.LambdaLR(o, lambda e: 1 / 0))
run('lambda not callable', lambda o: S.LambdaLR(o, 3))
run('poly 0', lambda o: S.PolynomialLR(o, total_iters=0))
run('linear 0', lambda o: S.LinearLR(o, total_iters=0))
run('constant 0 factor', lambda o: S.ConstantLR(o, factor=0, total_iters=1))
run('exp str', lambda o: S.ExponentialLR(o, 'a'))
run('multistep none', lambda o: S.MultiStepLR(o, None))
run('warm str', lambda o: S.CosineAnnealingWarmRestarts(o, 'a'))
run('onecycle pct', lambda o: S.OneCycleLR(o, 0.1, 10, pct_start='a'))
run('onecycle huge', lambda o: S.OneCycleLR(o, 0.1, 1, pct_start=0.5))
run('plateau metric nan', lambda o: S.ReduceLROnPlateau(o))
p = S.ReduceLROnPlateau(sgd(), patience=0)
for m in [float('nan'), 1.0, float('nan'), float('inf')]:
    p.step(m)
print(p.best, p.num_bad_epochs, p.get_last_lr())
try:
    p.step(torch.ones(2))
except Exception as e:
    print(type(e).__name__ + ':', e)
