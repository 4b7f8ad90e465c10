"""torch.optim.swa_utils: stochastic weight averaging and EMA of a model
(AveragedModel with avg_fn / multi_avg_fn), the SWALR schedule and update_bn,
as PyTorch 2.15 computes them on the CPU.

Note [CPU averaging]: without avg_fn or multi_avg_fn, PyTorch averages with
the foreach kernels only on devices it lists for them (CUDA, XPU, ...); on
the CPU it runs get_swa_avg_fn per tensor, so that is what runs here."""
import itertools
import math

import torch
from torch.nn.modules.module import Module
from torch.optim._lrs_base import LRScheduler, _format_param, _warn_get_lr_called_within_step

__all__ = ['AveragedModel', 'update_bn', 'SWALR', 'get_ema_multi_avg_fn', 'get_swa_multi_avg_fn',
           'get_ema_avg_fn', 'get_swa_avg_fn']


def _check_decay(decay):
    if decay < 0.0 or decay > 1.0:
        raise ValueError(f'Invalid decay value {decay} provided. Please provide a value in [0,1] range.')


def get_ema_multi_avg_fn(decay=0.999):
    _check_decay(decay)

    def ema_update(ema_param_list, current_param_list, _):
        with torch.no_grad():
            if torch.is_floating_point(ema_param_list[0]) or torch.is_complex(ema_param_list[0]):
                torch._foreach_lerp_(ema_param_list, current_param_list, 1 - decay)
            else:
                for p_ema, p_model in zip(ema_param_list, current_param_list):
                    p_ema.copy_(p_ema * decay + p_model * (1 - decay))
    return ema_update


def get_swa_multi_avg_fn():
    def swa_update(averaged_param_list, current_param_list, num_averaged):
        with torch.no_grad():
            if torch.is_floating_point(averaged_param_list[0]) or torch.is_complex(averaged_param_list[0]):
                torch._foreach_lerp_(averaged_param_list, current_param_list, 1 / (num_averaged + 1))
                return
            diffs = torch._foreach_sub(current_param_list, averaged_param_list)
            if isinstance(num_averaged, torch.Tensor):
                torch._foreach_addcdiv_(averaged_param_list, diffs,
                                        [num_averaged + 1] * len(averaged_param_list))
            else:
                torch._foreach_add_(averaged_param_list, diffs, alpha=1.0 / (num_averaged + 1))
    return swa_update


def get_ema_avg_fn(decay=0.999):
    _check_decay(decay)

    def ema_update(ema_param, current_param, num_averaged):
        with torch.no_grad():
            return decay * ema_param + (1 - decay) * current_param
    return ema_update


def get_swa_avg_fn():
    def swa_update(averaged_param, current_param, num_averaged):
        with torch.no_grad():
            return averaged_param + (current_param - averaged_param) / (num_averaged + 1)
    return swa_update


def _by_device_and_dtype(averaged, current):
    # PyTorch groups the pairs by (device, dtype), groups in first-seen order.
    groups = {}
    for a, c in zip(averaged, current):
        key = (str(a.device), a.dtype)
        if key not in groups:
            groups[key] = (a.device, [], [])
        groups[key][1].append(a)
        groups[key][2].append(c)
    return list(groups.values())


class AveragedModel(Module):
    """A copy of `model` whose parameters average the model's over updates."""

    def __init__(self, model, device=None, avg_fn=None, multi_avg_fn=None, use_buffers=False):
        super().__init__()
        if avg_fn is not None and multi_avg_fn is not None:
            raise AssertionError('Only one of avg_fn and multi_avg_fn should be provided')
        import copy
        self.module = copy.deepcopy(model)
        if device is not None:
            self.module = self.module.to(device)
        self.register_buffer('n_averaged', torch.tensor(0, dtype=torch.long, device=device))
        self.avg_fn = avg_fn
        self.multi_avg_fn = multi_avg_fn
        self.use_buffers = use_buffers

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def update_parameters(self, model):
        if self.use_buffers:
            self_param = itertools.chain(self.module.parameters(), self.module.buffers())
            model_param = itertools.chain(model.parameters(), model.buffers())
        else:
            self_param = self.parameters()
            model_param = model.parameters()
        averaged, current = [], []
        copy_param = bool(self.n_averaged == 0)
        for p_averaged, p_model in zip(self_param, model_param):
            p_model_ = p_model.detach().to(p_averaged.device)
            averaged.append(p_averaged.detach())
            current.append(p_model_)
            if copy_param:
                p_averaged.detach().copy_(p_model_)
        if self.n_averaged > 0:
            self._average(averaged, current)
        if not self.use_buffers:
            for b_swa, b_model in zip(self.module.buffers(), model.buffers()):
                b_swa.detach().copy_(b_model.detach().to(b_swa.device))
        self.n_averaged += 1

    def _average(self, averaged, current):
        if self.avg_fn is not None:
            for p_averaged, p_model in zip(averaged, current):
                n_averaged = self.n_averaged.to(p_averaged.device)
                p_averaged.detach().copy_(self.avg_fn(p_averaged.detach(), p_model, n_averaged))
            return
        for device, self_params, model_params in _by_device_and_dtype(averaged, current):
            if self.multi_avg_fn:
                self.multi_avg_fn(self_params, model_params, self.n_averaged.to(device))
            elif device.type == 'cuda':
                get_swa_multi_avg_fn()(self_params, model_params, self.n_averaged.to(device))
            else:  # Note [CPU averaging]
                avg_fn = get_swa_avg_fn()
                n_averaged = self.n_averaged.to(device)
                for p_averaged, p_model in zip(self_params, model_params):
                    p_averaged.copy_(avg_fn(p_averaged, p_model, n_averaged))


def update_bn(loader, model, device=None):
    """Recompute the BatchNorm running statistics with one pass over `loader`."""
    with torch.no_grad():
        momenta = {}
        for module in model.modules():
            if isinstance(module, torch.nn.modules.batchnorm._BatchNorm):
                module.reset_running_stats()
                momenta[module] = module.momentum
        if not momenta:
            return
        was_training = model.training
        model.train()
        for module in momenta:
            module.momentum = None
        for input in loader:
            if isinstance(input, (list, tuple)):
                input = input[0]
            if device is not None:
                input = input.to(device)
            model(input)
        for bn_module in momenta:
            bn_module.momentum = momenta[bn_module]
        model.train(was_training)


class SWALR(LRScheduler):
    """Anneal each group's lr to its swa_lr over anneal_epochs, then hold it."""

    def __init__(self, optimizer, swa_lr, anneal_epochs=10, anneal_strategy='cos', last_epoch=-1):
        swa_lrs = _format_param('swa_lr', optimizer, swa_lr)
        for lr, group in zip(swa_lrs, optimizer.param_groups):
            group['swa_lr'] = lr
        if anneal_strategy not in ['cos', 'linear']:
            raise ValueError(f"anneal_strategy must be one of 'cos' or 'linear', instead got {anneal_strategy}")
        self._set_anneal_func(anneal_strategy)
        if not isinstance(anneal_epochs, int) or anneal_epochs < 0:
            raise ValueError(f'anneal_epochs must be equal or greater than 0, got {anneal_epochs}')
        self.anneal_epochs = anneal_epochs
        super().__init__(optimizer, last_epoch)

    @staticmethod
    def _linear_anneal(t):
        return t

    @staticmethod
    def _cosine_anneal(t):
        return (1 - math.cos(math.pi * t)) / 2

    @staticmethod
    def _get_initial_lr(lr, swa_lr, alpha):
        if alpha == 1:
            return swa_lr
        return (lr - alpha * swa_lr) / (1 - alpha)

    def get_lr(self):
        _warn_get_lr_called_within_step(self)
        step = self._step_count - 1
        if self.anneal_epochs == 0:
            step = max(1, step)
        prev_t = max(0, min(1, (step - 1) / max(1, self.anneal_epochs)))
        prev_alpha = self.anneal_func(prev_t)
        prev_lrs = [self._get_initial_lr(group['lr'], group['swa_lr'], prev_alpha)
                    for group in self.optimizer.param_groups]
        t = max(0, min(1, step / max(1, self.anneal_epochs)))
        alpha = self.anneal_func(t)
        return [group['swa_lr'] * alpha + lr * (1 - alpha)
                for group, lr in zip(self.optimizer.param_groups, prev_lrs)]

    def _set_anneal_func(self, anneal_strategy):
        self._anneal_strategy = anneal_strategy
        self.anneal_func = self._cosine_anneal if anneal_strategy == 'cos' else self._linear_anneal

    def state_dict(self):
        return {key: value for key, value in self.__dict__.items() if key not in ('optimizer', 'anneal_func')}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)
        self._set_anneal_func(self._anneal_strategy)
