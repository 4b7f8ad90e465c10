# torch.optim's functional forms (torch.optim.functional, the private
# torch.optim._functional and each algorithm module's function) called
# directly on hand-made state, as distributed / functorch code calls them.
import torch
import torch.optim._functional as _F
import torch.optim.functional as F
from torch.optim.sgd import sgd as module_sgd

torch.manual_seed(0)


def fresh(n=2):
    params = [torch.randn(3, 2) for _ in range(n)]
    grads = [torch.randn(3, 2) for _ in range(n)]
    return params, grads


def steps(n=2):
    return [torch.tensor(0.0) for _ in range(n)]


def zeros(params):
    return [torch.zeros_like(p) for p in params]


print(F.sgd.__name__, F.sgd.__module__, F.__all__)
print(_F.sgd is module_sgd, F.sgd is module_sgd, F.adam.__qualname__)

# SGD with momentum: the buffers list is filled in on the first call.
params, grads = fresh()
bufs = [None, None]
for _ in range(3):
    F.sgd(params, grads, bufs, weight_decay=0.01, momentum=0.9, lr=0.1, dampening=0.0,
          nesterov=True, maximize=False)
print(params[0], bufs[1])
params, grads = fresh()
_F.sgd(params, grads, [None, None], foreach=True, weight_decay=0.0, momentum=0.0, lr=0.5,
       dampening=0.0, nesterov=False, maximize=True)
print(params[1])

# Adam / AdamW, the caller increments nothing: adam bumps state_steps itself.
for fn in (F.adam, F.adamw, _F.adam, _F.adamw):
    params, grads = fresh()
    m, v, vmax, st = zeros(params), zeros(params), zeros(params), steps()
    for _ in range(2):
        fn(params, grads, m, v, vmax, st, amsgrad=True, beta1=0.9, beta2=0.99, lr=0.01,
           weight_decay=0.1, eps=1e-8, maximize=False)
    print(fn.__name__, params[0][0], st[0], vmax[1][2])
params, grads = fresh()
F.adam(params, grads, zeros(params), zeros(params), [], steps(), foreach=True, amsgrad=False,
       beta1=0.9, beta2=0.999, lr=0.01, weight_decay=0.0, eps=1e-8, maximize=True)
print(params[1])
params, grads = fresh()
F.adam(params, grads, zeros(params), zeros(params), [], steps(), amsgrad=False,
       beta1=0.9, beta2=0.999, lr=torch.tensor(0.01), weight_decay=0.0, eps=1e-8, maximize=False)
print(params[1])
try:
    F.adam(params, grads, zeros(params), zeros(params), [], steps(), foreach=True, amsgrad=False,
           beta1=0.9, beta2=0.999, lr=torch.tensor(0.01), weight_decay=0.0, eps=1e-8, maximize=False)
except RuntimeError as e:
    print(e)

params, grads = fresh()
F.adadelta(params, grads, zeros(params), zeros(params), steps(), lr=1.0, rho=0.9, eps=1e-6,
           weight_decay=0.0, maximize=False)
print('adadelta', params[0])
params, grads = fresh()
F.adagrad(params, grads, zeros(params), steps(), lr=0.1, weight_decay=0.0, lr_decay=0.01, eps=1e-10,
          maximize=False)
print('adagrad', params[0])
params, grads = fresh()
F.adamax(params, grads, zeros(params), zeros(params), steps(), eps=1e-8, beta1=0.9, beta2=0.999,
         lr=0.002, weight_decay=0.0)
print('adamax', params[0])
params, grads = fresh()
axs, mus, etas = zeros(params), [torch.tensor(1.0), torch.tensor(1.0)], [torch.tensor(0.01), torch.tensor(0.01)]
F.asgd(params, grads, axs, mus, etas, steps(), lambd=1e-4, lr=0.01, t0=1e6, alpha=0.75, weight_decay=0.0)
print('asgd', params[0], axs[0], mus[0], etas[0])
params, grads = fresh()
mu = [torch.tensor(1.0), torch.tensor(1.0)]
F.nadam(params, grads, zeros(params), zeros(params), mu, steps(), beta1=0.9, beta2=0.999, lr=0.002,
        weight_decay=0.0, momentum_decay=0.004, eps=1e-8)
print('nadam', params[0], mu[0])
params, grads = fresh()
F.radam(params, grads, zeros(params), zeros(params), steps(), beta1=0.9, beta2=0.999, lr=0.001,
        weight_decay=0.0, eps=1e-8)
print('radam', params[0])
params, grads = fresh()
F.rmsprop(params, grads, zeros(params), zeros(params), zeros(params), steps(), lr=0.01, alpha=0.99,
          eps=1e-8, weight_decay=0.0, momentum=0.9, centered=True)
print('rmsprop', params[0])
params, grads = fresh()
F.rprop(params, grads, zeros(params), [torch.full_like(p, 0.01) for p in params], steps(),
        step_size_min=1e-6, step_size_max=50.0, etaminus=0.5, etaplus=1.2)
print('rprop', params[0])

# The old API passed plain ints as steps.
params, grads = fresh()
for name, call in (
        ('adam', lambda: F.adam(params, grads, zeros(params), zeros(params), [], [0, 0], amsgrad=False,
                                beta1=0.9, beta2=0.999, lr=0.01, weight_decay=0.0, eps=1e-8, maximize=False)),
        ('rmsprop', lambda: F.rmsprop(params, grads, zeros(params), [], [], [1, 1], lr=0.01, alpha=0.99,
                                      eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False)),
        ('nadam mu', lambda: F.nadam(params, grads, zeros(params), zeros(params), [1.0, 1.0], steps(),
                                     beta1=0.9, beta2=0.999, lr=0.002, weight_decay=0.0,
                                     momentum_decay=0.004, eps=1e-8))):
    try:
        call()
    except RuntimeError as e:
        print(name, type(e).__name__, e)

# sparse_adam lives only in the functional modules: the caller bumps the steps.
emb = torch.nn.Embedding(5, 2, sparse=True)
emb(torch.tensor([1, 3, 1])).sum().backward()
with torch.no_grad():
    w = emb.weight
    m, v = zeros([w]), zeros([w])
    F.sparse_adam([w], [emb.weight.grad], m, v, [1], eps=1e-8, beta1=0.9, beta2=0.999, lr=0.1, maximize=False)
    _F.sparse_adam([w], [emb.weight.grad], m, v, [2], eps=1e-8, beta1=0.9, beta2=0.999, lr=0.1, maximize=True)
print(emb.weight, v[0])

# A training loop on the functional API: gradients from backward, the
# optimizer state kept by the caller.
model = torch.nn.Linear(3, 1)
params = list(model.parameters())
m, v, st = zeros(params), zeros(params), steps()
for _ in range(3):
    for p in params:
        p.grad = None
    loss = model(torch.randn(4, 3)).pow(2).mean()
    loss.backward()
    with torch.no_grad():
        F.adam(params, [p.grad for p in params], m, v, [], st, amsgrad=False, beta1=0.9, beta2=0.999, lr=0.1,
               weight_decay=0.0, eps=1e-8, maximize=False)
    print(loss.item(), st[1])
print(model.weight, model.bias)
