# torch.optim.Muon on a small MLP's matrices (AdamW for the biases, as its
# docs advise), its checks and learning-rate adjustments, and the foreach
# optimizers of torch.optim._multi_tensor.
import torch
from torch import nn
import torch.optim._multi_tensor as mt

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 3))
x = torch.randn(5, 4)
y = torch.randn(5, 3)
matrices = [p for p in model.parameters() if p.ndim == 2]
others = [p for p in model.parameters() if p.ndim != 2]
muon = torch.optim.Muon(matrices, lr=0.02)
adamw = torch.optim.AdamW(others, lr=3e-3)
print(muon)
print(type(muon).__module__, torch.optim.Muon.__name__)
for step in range(3):
    muon.zero_grad()
    adamw.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    muon.step()
    adamw.step()
    print(step, loss.item())
print(model[0].weight)
print(muon.state_dict()['state'][1]['momentum_buffer'])

for fn in ('original', 'match_rms_adamw', 'spectral_unclamped'):
    w = nn.Parameter(torch.randn(7, 3))
    opt = torch.optim.Muon([w], lr=0.1, nesterov=False, adjust_lr_fn=fn, ns_steps=3, weight_decay=0.0)
    w.grad = torch.randn(7, 3)
    opt.step()
    print(fn, w[0])

for bad in ({'lr': -1.0}, {'momentum': -0.5}, {'weight_decay': -0.1}, {'adjust_lr_fn': 'cosine'}):
    try:
        torch.optim.Muon(matrices, **bad)
    except ValueError as e:
        print(e)
try:
    torch.optim.Muon(list(model.parameters()))
except ValueError as e:
    print(e)
w = nn.Parameter(torch.randn(3, 3))
w.grad = torch.randn(3, 3)
try:
    torch.optim.Muon([w], ns_steps=100).step()
except ValueError as e:
    print(e)
try:
    torch.optim.functional.muon([w], [w.grad], [torch.zeros(3, 3)], foreach=True, lr=0.1, weight_decay=0.0,
                                momentum=0.9, nesterov=True, ns_coefficients=(3.4445, -4.775, 2.0315),
                                ns_steps=5, eps=1e-7, adjust_lr_fn=None, has_complex=False)
except RuntimeError as e:
    print(e)

# torch.optim._multi_tensor: foreach=True bound in.
for cls in (mt.SGD, mt.Adam, mt.AdamW, mt.RMSprop, mt.Adagrad):
    torch.manual_seed(1)
    net = nn.Linear(3, 2)
    opt = cls(net.parameters(), lr=0.05)
    for _ in range(2):
        opt.zero_grad()
        net(torch.randn(4, 3)).pow(2).sum().backward()
        opt.step()
    print(type(opt).__name__, cls.__mro__[1].__name__, opt.param_groups[0]['foreach'], net.weight[0])
print(mt.SGD(nn.Linear(2, 2).parameters(), lr=0.1, momentum=0.9))
