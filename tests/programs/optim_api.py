# The Optimizer API: param groups with their own options, print(optimizer),
# state_dict / load_state_dict (a fresh optimizer continues identically),
# zero_grad both ways, step hooks (per optimizer and global), closures.
import copy
import torch
import torch.nn as nn
from torch.optim.optimizer import register_optimizer_step_pre_hook, register_optimizer_step_post_hook

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
x = torch.randn(5, 3)
y = torch.randn(5, 1)


def loss_fn(m):
    return ((m(x) - y) ** 2).mean()


opt = torch.optim.SGD([{'params': model[0].parameters()},
                       {'params': model[2].weight, 'lr': 0.5, 'nesterov': True, 'momentum': 0.9}],
                      lr=0.1, momentum=0.5)
print(opt)
print(len(opt.param_groups), [len(g['params']) for g in opt.param_groups])
opt.add_param_group({'params': [model[2].bias], 'weight_decay': 0.1, 'dampening': 0.2})
print(opt)
print(opt.defaults)

# zero_grad: set_to_none=True (default) and False
loss_fn(model).backward()
opt.zero_grad(set_to_none=False)
print([p.grad for p in model[2].parameters()])
opt.zero_grad()
print([p.grad for p in model.parameters()])

for step in range(3):
    opt.zero_grad()
    loss = loss_fn(model)
    loss.backward()
    opt.step()
    print('step', step, loss.item())

# state_dict: ids in group order, options, state per id
sd = opt.state_dict()
print(sd['param_groups'])
for k, v in sd['state'].items():
    print(k, sorted(v.keys()), v['momentum_buffer'].flatten().tolist())

# a fresh model + optimizer loaded from copies continue identically
model2 = copy.deepcopy(model)
opt2 = torch.optim.SGD([{'params': model2[0].parameters()},
                        {'params': model2[2].weight, 'lr': 0.5, 'nesterov': True, 'momentum': 0.9}],
                       lr=0.1, momentum=0.5)
opt2.add_param_group({'params': [model2[2].bias]})
opt2.load_state_dict(copy.deepcopy(sd))
print(opt2)
for step in range(2):
    for m, o in ((model, opt), (model2, opt2)):
        o.zero_grad()
        loss_fn(m).backward()
        o.step()
print([torch.equal(a, b) for a, b in zip(model.parameters(), model2.parameters())])
print(model2[2].weight.detach().flatten().tolist())

# Adam's state_dict: step tensors, exp_avg, loaded into a new Adam
torch.manual_seed(1)
net = nn.Linear(2, 2)
adam = torch.optim.Adam(net.parameters(), lr=0.01, amsgrad=True)
for _ in range(2):
    adam.zero_grad()
    net(torch.ones(1, 2)).sum().backward()
    adam.step()
asd = adam.state_dict()
print(asd['param_groups'])
print(asd['state'][0]['step'], asd['state'][1]['exp_avg'])
net2 = copy.deepcopy(net)
adam2 = torch.optim.Adam(net2.parameters())
print(adam2.param_groups[0]['lr'], adam2.param_groups[0]['amsgrad'])
adam2.load_state_dict(asd)
print(adam2.param_groups[0]['lr'], adam2.param_groups[0]['amsgrad'])
print(adam2.state[net2.weight]['step'], adam2.state[net2.weight]['exp_avg'] is asd['state'][0]['exp_avg'])
for n, o in ((net, adam), (net2, adam2)):
    o.zero_grad()
    n(torch.ones(1, 2)).sum().backward()
    o.step()
print(torch.equal(net.weight, net2.weight), net2.bias.detach().tolist())

# step hooks: per optimizer and global, in PyTorch's order; a pre hook may
# replace the arguments; handles remove them
calls = []
h1 = opt.register_step_pre_hook(lambda o, args, kwargs: calls.append(('pre', type(o).__name__, args[1:], kwargs)))
h2 = opt.register_step_post_hook(lambda o, args, kwargs: calls.append(('post', len(args))))
g1 = register_optimizer_step_pre_hook(lambda o, args, kwargs: calls.append('global pre'))
g2 = register_optimizer_step_post_hook(lambda o, args, kwargs: calls.append('global post'))
opt.step()
print(calls)
calls.clear()
h1.remove()
g1.remove()
g2.remove()
opt.step()
print(calls)
h2.remove()


def replace_closure(o, args, kwargs):
    return (args[0],), {'closure': lambda: torch.tensor(42.0)}


h3 = opt.register_step_pre_hook(replace_closure)
print(opt.step())
h3.remove()
calls.clear()
opt.step()
print(calls)

# step(closure) returns the closure's loss; the closure runs with grad on
with torch.no_grad():
    def closure():
        opt.zero_grad()
        loss = loss_fn(model)
        loss.backward()
        return loss
    print(opt.step(closure))
print(torch.is_grad_enabled())

# parameters given by name
named = torch.optim.Adam(model.named_parameters(), lr=0.1)
print(named.param_groups[0]['param_names'])
print(named.state_dict()['param_groups'][0]['param_names'])
print(type(opt.state).__name__, len(opt.state))
print(torch.optim.Optimizer, torch.optim.SGD.__mro__[1].__name__)
