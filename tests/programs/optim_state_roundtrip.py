# Optimizer state through state_dict, torch.save / torch.load and
# load_state_dict: LBFGS's history lists, Adam's step tensors; the warnings
# for sets of parameters and duplicates.
import os
import warnings
import torch
import torch.nn as nn
base = '/tmp/backstep_optim_%d' % os.getpid()
os.makedirs(base)
path = os.path.join(base, 'opt.pt')
torch.manual_seed(0)
w = nn.Parameter(torch.randn(3))
opt = torch.optim.LBFGS([w], history_size=2, line_search_fn='strong_wolfe')
def closure():
    opt.zero_grad()
    l = ((w - 1) ** 4).sum()
    l.backward()
    return l
opt.step(closure)
sd = opt.state_dict()
w2 = nn.Parameter(w.detach().clone())
opt2 = torch.optim.LBFGS([w2], history_size=2, line_search_fn='strong_wolfe')
opt2.load_state_dict(sd)
def closure2():
    opt2.zero_grad()
    l = ((w2 - 1) ** 4).sum()
    l.backward()
    return l
print(opt.step(closure).item(), opt2.step(closure2).item(), torch.equal(w, w2))
print(type(opt2.state[w2]['old_dirs']).__name__, len(opt2.state[w2]['old_dirs']))
torch.save(opt.state_dict(), path)
sd3 = torch.load(path)
print(sorted(sd3['state'][0].keys()), sd3['param_groups'])
a = torch.optim.Adam([w], lr=0.1)
w.grad = torch.ones(3)
a.step()
torch.save(a.state_dict(), path)
print(torch.load(path))
with warnings.catch_warnings(record=True) as rec:
    warnings.simplefilter('always')
    torch.optim.SGD({w}, lr=0.1)
    torch.optim.SGD([w, w], lr=0.1)
    print([str(r.message)[:60] for r in rec], [r.category.__name__ for r in rec])
os.remove(path)
os.rmdir(base)
