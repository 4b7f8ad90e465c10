"""torch.optim.functional: the public functional optimizer API. Each name is
a thin wrapper (functools.wraps) around the algorithm module's function, with
__module__ 'torch.optim.functional', as PyTorch 2.15 defines them; it calls
the same code the optimizer classes run. See docs/optim_functional.md."""
from functools import wraps as _wraps

from torch.optim._adafactor import adafactor as _adafactor
from torch.optim._functional import sparse_adam as _sparse_adam
from torch.optim._muon import muon as _muon
from torch.optim.adadelta import adadelta as _adadelta
from torch.optim.adagrad import adagrad as _adagrad
from torch.optim.adam import adam as _adam
from torch.optim.adamax import adamax as _adamax
from torch.optim.adamw import adamw as _adamw
from torch.optim.asgd import asgd as _asgd
from torch.optim.nadam import nadam as _nadam
from torch.optim.radam import radam as _radam
from torch.optim.rmsprop import rmsprop as _rmsprop
from torch.optim.rprop import rprop as _rprop
from torch.optim.sgd import sgd as _sgd

__all__ = ['adadelta', 'adafactor', 'adagrad', 'adam', 'adamax', 'adamw', 'asgd', 'muon', 'nadam', 'radam',
           'rmsprop', 'rprop', 'sgd', 'sparse_adam']


def _public(function):
    """The function under its own name and docstring (functools.wraps), as
    a member of this module."""
    def call(*args, **kwargs):
        return function(*args, **kwargs)
    call = _wraps(function)(call)
    call.__module__ = __name__
    return call


adadelta = _public(_adadelta)
adafactor = _public(_adafactor)
adagrad = _public(_adagrad)
adam = _public(_adam)
adamax = _public(_adamax)
adamw = _public(_adamw)
asgd = _public(_asgd)
muon = _public(_muon)
nadam = _public(_nadam)
radam = _public(_radam)
rmsprop = _public(_rmsprop)
rprop = _public(_rprop)
sgd = _public(_sgd)
sparse_adam = _public(_sparse_adam)
del _public
