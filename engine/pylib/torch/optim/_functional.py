"""torch.optim._functional: the private home of the functional optimizer
forms (torch.distributed's functional optimizers import from here): each
algorithm's function, the very objects its module defines, and sparse_adam,
which exists only here. See docs/optim_functional.md."""
from torch.optim.adadelta import adadelta
from torch.optim.adagrad import _make_sparse, adagrad
from torch.optim.adam import adam
from torch.optim.adamax import adamax
from torch.optim.adamw import adamw
from torch.optim.asgd import asgd
from torch.optim.nadam import nadam
from torch.optim.radam import radam
from torch.optim.rmsprop import rmsprop
from torch.optim.rprop import rprop
from torch.optim.sgd import sgd
from torch.optim.sparse_adam import _sparse_adam_update


def sparse_adam(params, grads, exp_avgs, exp_avg_sqs, state_steps, *, eps, beta1, beta2, lr, maximize):
    """SparseAdam's update; state_steps holds each parameter's step count,
    already incremented by the caller (this function does not bump it)."""
    for i, param in enumerate(params):
        _sparse_adam_update(param, grads[i], exp_avgs[i], exp_avg_sqs[i], state_steps[i], eps=eps,
                            beta1=beta1, beta2=beta2, lr=lr, maximize=maximize)
