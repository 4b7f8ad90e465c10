# Bad optimizer arguments raise PyTorch's exceptions with PyTorch's messages.
import torch
import torch.nn as nn

model = nn.Linear(2, 1)
w = nn.Parameter(torch.ones(2))


def attempt(label, make):
    try:
        make()
        print(label, 'ok')
    except Exception as e:
        print(label, type(e).__name__ + ':', e)


O = torch.optim
attempt('sgd lr', lambda: O.SGD(model.parameters(), lr=-1.0))
attempt('sgd momentum', lambda: O.SGD(model.parameters(), lr=0.1, momentum=-0.5))
attempt('sgd wd', lambda: O.SGD(model.parameters(), lr=0.1, weight_decay=-1))
attempt('sgd nesterov', lambda: O.SGD(model.parameters(), lr=0.1, nesterov=True))
attempt('sgd nesterov dampening', lambda: O.SGD(model.parameters(), lr=0.1, momentum=0.9, dampening=0.1, nesterov=True))
attempt('sgd tensor lr', lambda: O.SGD(model.parameters(), lr=torch.tensor([0.1, 0.2])))
attempt('sgd fused+foreach', lambda: O.SGD(model.parameters(), lr=0.1, fused=True, foreach=True))
attempt('adam lr', lambda: O.Adam(model.parameters(), lr=-0.01))
attempt('adam eps', lambda: O.Adam(model.parameters(), eps=-1e-8))
attempt('adam beta0', lambda: O.Adam(model.parameters(), betas=(1.0, 0.999)))
attempt('adam beta1', lambda: O.Adam(model.parameters(), betas=(0.9, -0.1)))
attempt('adam wd', lambda: O.Adam(model.parameters(), weight_decay=-0.1))
attempt('adam betas types', lambda: O.Adam(model.parameters(), betas=(0.9, torch.tensor(0.99))))
attempt('adam betas ints', lambda: O.Adam(model.parameters(), betas=(0, 0)))
attempt('adamw lr', lambda: O.AdamW(model.parameters(), lr=-1))
attempt('rmsprop alpha', lambda: O.RMSprop(model.parameters(), alpha=-0.1))
attempt('rmsprop momentum', lambda: O.RMSprop(model.parameters(), momentum=-1))
attempt('adagrad lr_decay', lambda: O.Adagrad(model.parameters(), lr_decay=-1))
attempt('adagrad init', lambda: O.Adagrad(model.parameters(), initial_accumulator_value=-1))
attempt('adadelta rho', lambda: O.Adadelta(model.parameters(), rho=1.5))
attempt('adamax eps', lambda: O.Adamax(model.parameters(), eps=-1))
attempt('nadam momentum_decay', lambda: O.NAdam(model.parameters(), momentum_decay=-1))
attempt('radam beta', lambda: O.RAdam(model.parameters(), betas=(0.9, 1.0)))
attempt('lbfgs lr', lambda: O.LBFGS(model.parameters(), lr=-1))
attempt('lbfgs groups', lambda: O.LBFGS([{'params': [w]}, {'params': model.parameters()}]))
attempt('empty', lambda: O.SGD([], lr=0.1))
attempt('tensor params', lambda: O.SGD(w, lr=0.1))
attempt('non-tensor', lambda: O.SGD([w, 3], lr=0.1))
attempt('non-leaf', lambda: O.SGD([w * 2], lr=0.1))
attempt('set params', lambda: O.SGD([{'params': {w}}], lr=0.1))
attempt('twice', lambda: O.SGD([{'params': [w]}, {'params': [w]}], lr=0.1))
attempt('names mixed', lambda: O.SGD([('a', w), model.weight], lr=0.1))
opt = O.SGD([w], lr=0.1)
attempt('add group not dict', lambda: opt.add_param_group([w]))
attempt('add group overlap', lambda: opt.add_param_group({'params': w}))
attempt('add group names', lambda: opt.add_param_group({'params': [('b', model.bias)]}))
attempt('load groups', lambda: opt.load_state_dict({'state': {}, 'param_groups': []}))
attempt('load sizes', lambda: opt.load_state_dict({'state': {}, 'param_groups': [{'params': [0, 1], 'lr': 1}]}))
attempt('lbfgs line search', lambda: O.LBFGS([w], line_search_fn='armijo').step(lambda: (w ** 2).sum()))
attempt('base step', lambda: O.Optimizer([w], {}).step())
opt.register_step_pre_hook(lambda o, a, k: 5)
try:
    opt.step()
except RuntimeError as e:
    message = str(e)
    print('bad hook result', message[:len('<function SGD.step at ')], message[message.index(' must'):])
print(O.Optimizer([w], {'lr': 1}))
from torch.optim.optimizer import required
print(required)
attempt('required', lambda: O.Optimizer([w], {'lr': required}))
