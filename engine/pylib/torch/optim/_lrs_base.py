"""The base of torch.optim.lr_scheduler: LRScheduler and the helpers every
scheduler shares (written from PyTorch 2.15's documented semantics).

Note [chainable and closed form]
A scheduler's get_lr() is "chainable": it computes the next learning rate
from the optimizer's current group['lr'] (lr * gamma), so several schedulers
can act on one optimizer. Passing an epoch to step() (deprecated) uses the
"closed form" _get_closed_form_lr() instead (base_lr * gamma ** epoch) where a
class has one. The two round differently after many steps; PyTorch prints
whichever it computed, so every formula here keeps PyTorch's order of
operations, which is what makes the printed floats bit-identical.

Note [optimizer.step patching]
To warn when scheduler.step() comes before optimizer.step(), the first
scheduler made for an optimizer replaces optimizer.step (an instance
attribute) with a wrapper that sets optimizer._opt_called and calls the
class's step. The wrapper carries _wrapped_by_lr_sched; if it is missing at
the first scheduler.step(), the user replaced optimizer.step afterwards.
"""
import functools
import math
import types
import warnings

import torch
from torch.optim.optimizer import Optimizer

_MODULE = 'torch.optim.lr_scheduler'

EPOCH_DEPRECATION_WARNING = (
    "The epoch parameter in `scheduler.step()` was not necessary and is being "
    "deprecated where possible. Please use `scheduler.step()` to step the "
    "scheduler. During the deprecation, if epoch is different from None, the "
    "closed form is used instead of the new chainable form, where available. "
    "Please open an issue if you are unable to replicate your use case: "
    "https://github.com/pytorch/pytorch/issues/new/choose."
)

_STEP_REPLACED_WARNING = (
    "Seems like `optimizer.step()` has been overridden after learning rate scheduler "
    "initialization. Please, make sure to call `optimizer.step()` before "
    "`lr_scheduler.step()`. See more details at "
    "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate"
)

_STEP_ORDER_WARNING = (
    "Detected call of `lr_scheduler.step()` before `optimizer.step()`. "
    "In PyTorch 1.1.0 and later, you should call them in the opposite order: "
    "`optimizer.step()` before `lr_scheduler.step()`.  Failure to do this "
    "will result in PyTorch skipping the first value of the learning rate schedule. "
    "See more details at "
    "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate"
)

_GET_LR_WARNING = ("To get the last learning rate computed by the scheduler, "
                   "please use `get_last_lr()`.")


def _copy_value(value):
    """A tensor hyperparameter is cloned so the scheduler never aliases it."""
    return value.clone() if isinstance(value, torch.Tensor) else value


def _to_scalar(value):
    """A one-element tensor of any shape as a 0-d tensor (for fill_)."""
    if isinstance(value, torch.Tensor) and value.dim() != 0:
        return value.squeeze()
    return value


def _format_param(name, optimizer, param):
    """One value per param group: a list or tuple must have one per group,
    a single value is repeated."""
    if isinstance(param, (list, tuple)):
        if len(param) != len(optimizer.param_groups):
            raise ValueError(
                f"{name} must have the same length as optimizer.param_groups. "
                f"{name} has {len(param)} values, param_groups has {len(optimizer.param_groups)}.")
    else:
        param = [param] * len(optimizer.param_groups)
    return [_copy_value(p) for p in param]


def _param_groups_val_list(optimizer, key):
    """group[key] of every param group (tensors cloned); KeyError if absent."""
    return [_copy_value(group[key]) for group in optimizer.param_groups]


def _update_param_group_val(param_group, key, value):
    """Set group[key]; a tensor value already there is filled in place."""
    if isinstance(param_group[key], torch.Tensor):
        param_group[key].fill_(_to_scalar(value))
    else:
        param_group[key] = value


def _bisect_right(items, x):
    """The index after the last item <= x in a sorted list."""
    lo, hi = 0, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if x < items[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _is_plain_function(fn):
    # Functions and lambdas are not saved in a state_dict; callable objects
    # save their __dict__.
    return isinstance(fn, types.FunctionType)


def _check_optimizer(optimizer):
    if not isinstance(optimizer, Optimizer):
        raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")


def _patch_optimizer_step(optimizer):
    """See Note [optimizer.step patching]."""
    if hasattr(optimizer.step, "_wrapped_by_lr_sched"):
        return
    func = optimizer.step.__func__

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        optimizer._opt_called = True
        return func.__get__(optimizer, optimizer.__class__)(*args, **kwargs)

    wrapper._wrapped_by_lr_sched = True
    optimizer.step = wrapper


def _warn_get_lr_called_within_step(scheduler):
    # stacklevel=2: attributed to the get_lr that calls this, as in PyTorch.
    if not scheduler._get_lr_called_within_step:
        warnings.warn(_GET_LR_WARNING, UserWarning, stacklevel=2)


class LRScheduler:
    """Base class of the learning-rate schedulers: subclasses define
    get_lr() (and may define _get_closed_form_lr() or their own step())."""

    _get_lr_called_within_step = False
    _is_initial = False

    def __init__(self, optimizer, last_epoch=-1):
        _check_optimizer(optimizer)
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", _copy_value(group["lr"]))
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(
                        f"param 'initial_lr' is not specified in param_groups[{i}] when resuming scheduler with last_epoch >= 0.\n"
                        "This typically happens when:\n"
                        "1. You're trying to resume training from a checkpoint but haven't properly loaded the optimizer state\n"
                        "2. You're using last_epoch >= 0 for a fresh training run (not recommended)")
        self.base_lrs = _param_groups_val_list(optimizer, "initial_lr")
        self.last_epoch = last_epoch
        _patch_optimizer_step(self.optimizer)
        self._initial_step()

    def _initial_step(self):
        """Reset the step count and take the constructor's step."""
        self._step_count = 0
        self._is_initial = True
        try:
            self.step()
        finally:
            self._is_initial = False

    def state_dict(self):
        """Every attribute but the optimizer."""
        return {key: value for key, value in self.__dict__.items() if key != "optimizer"}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)

    def get_last_lr(self):
        """The learning rates the last step set, one per param group."""
        return self._last_lr

    def get_lr(self):
        raise NotImplementedError

    def step(self, epoch=None):
        if self._step_count == 1:
            if not hasattr(self.optimizer.step, "_wrapped_by_lr_sched"):
                warnings.warn(_STEP_REPLACED_WARNING, UserWarning, stacklevel=2)
            elif not getattr(self.optimizer, "_opt_called", False):
                warnings.warn(_STEP_ORDER_WARNING, UserWarning, stacklevel=2)
        self._step_count += 1
        if epoch is not None:
            warnings.warn(EPOCH_DEPRECATION_WARNING, UserWarning, stacklevel=2)
        self._update_lr(epoch)

    def _update_lr(self, epoch=None):
        self._get_lr_called_within_step = True
        try:
            if epoch is None:
                self.last_epoch += 1
                values = self.get_lr()
            else:
                self.last_epoch = epoch
                if hasattr(self, "_get_closed_form_lr"):
                    values = self._get_closed_form_lr()
                else:
                    values = self.get_lr()
        finally:
            self._get_lr_called_within_step = False
        for group, lr in zip(self.optimizer.param_groups, values, strict=True):
            _update_param_group_val(group, "lr", lr)
        self._last_lr = _param_groups_val_list(self.optimizer, "lr")


class _LRScheduler(LRScheduler):
    """The old name, kept as a subclass (its __name__ is _LRScheduler)."""


def _lambdas_per_group(optimizer, lr_lambda):
    """One lr_lambda per param group, from one callable or a list of them."""
    if not isinstance(lr_lambda, (list, tuple)):
        return [lr_lambda] * len(optimizer.param_groups)
    if len(lr_lambda) != len(optimizer.param_groups):
        raise ValueError(f"Expected {len(optimizer.param_groups)} lr_lambdas, but got {len(lr_lambda)}")
    return list(lr_lambda)


def _state_dict_with_lambdas(scheduler):
    """state_dict() of a lambda scheduler: the lambdas' own state (callable
    objects' __dict__) or None for plain functions, under 'lr_lambdas'."""
    state = {key: value for key, value in scheduler.__dict__.items()
             if key not in ("optimizer", "lr_lambdas")}
    state["lr_lambdas"] = [None if _is_plain_function(fn) else fn.__dict__.copy()
                           for fn in scheduler.lr_lambdas]
    return state


def _load_state_dict_with_lambdas(scheduler, state_dict):
    lambdas = state_dict.pop("lr_lambdas")
    scheduler.__dict__.update(state_dict)
    state_dict["lr_lambdas"] = lambdas      # the caller's dict is left whole
    for i, saved in enumerate(lambdas):
        if saved is not None:
            scheduler.lr_lambdas[i].__dict__.update(saved)


def _state_dict_with_children(scheduler):
    """state_dict() of SequentialLR and ChainedScheduler: the children's
    state_dicts under '_schedulers'."""
    state = {key: value for key, value in scheduler.__dict__.items()
             if key not in ("optimizer", "_schedulers")}
    state["_schedulers"] = [s.state_dict() for s in scheduler._schedulers]
    return state


def _load_state_dict_with_children(scheduler, state_dict):
    children = state_dict.pop("_schedulers")
    scheduler.__dict__.update(state_dict)
    state_dict["_schedulers"] = children    # the caller's dict is left whole
    for i, saved in enumerate(children):
        scheduler._schedulers[i].load_state_dict(saved)


LRScheduler.__module__ = _MODULE
_LRScheduler.__module__ = _MODULE
