# Module.set_submodule (strict or not, PyTorch's errors), and the device moves this
# machine has no backend for (xpu/ipu/mtia raise on the first tensor moved).
import torch
from torch import nn
s = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.ReLU()))
s.register_buffer('b', torch.zeros(1))
for name in ['set_submodule', 'compile', 'xpu', 'ipu', 'mtia']:
    print(name, hasattr(s, name), name in dir(s))
for args, kw in [(('', nn.ReLU()), {}), (('0', 3), {}), (('5', nn.ReLU()), {'strict': True}), (('9.0', nn.ReLU()), {}),
                 (('0.weight.x', nn.ReLU()), {}), (('0.weight', nn.ReLU()), {}), (('b', nn.ReLU()), {'strict': True}),
                 (('1.0', nn.Tanh()), {'strict': True}), (('1.0.z', nn.Tanh()), {'strict': True}),
                 (('1.1', nn.Sigmoid()), {})]:
    try:
        s.set_submodule(*args, **kw)
        print('set', args[0])
    except Exception as e:
        print(type(e).__name__, e)
print(s)
print(nn.ReLU().xpu(), nn.ReLU().ipu(), nn.ReLU().mtia())
for f in ['xpu', 'ipu', 'mtia']:
    try:
        getattr(nn.Linear(2, 2), f)()
    except Exception as e:
        print(f, type(e).__name__, e)
print(nn.Module._compiled_call_impl)


# Members PyTorch keeps for tracing and DataParallel, listed by dir() too.
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)

    def forward(self, x):
        return self.fc1(x)


net = Net()
print([n for n in ('T_destination', '_slow_forward', '_replicate_for_data_parallel', '_compiled_call_impl',
                   '_get_member', '_set_backward_kind') if n in dir(net)])
print(net._slow_forward(torch.ones(1, 3)).shape)
r = net._replicate_for_data_parallel()
print(type(r).__name__, r._is_replica, dict(r._parameters), list(r._modules), r.fc1 is net.fc1, r.training)
print(nn.Module.T_destination)


# A module whose __init__ skips Module's has no training attribute (nor _modules).
class NoInit(nn.Module):
    def __init__(self):
        pass


n = NoInit()
for attr in ('training', 'eval', 'forward'):
    try:
        print(attr, getattr(n, attr) if attr == 'training' else 'ok')
    except AttributeError as e:
        print('AttributeError', e)
try:
    n.train()
except AttributeError as e:
    print('AttributeError', e)
