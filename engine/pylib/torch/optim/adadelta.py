"""torch.optim.Adadelta: PyTorch 2.15's single-tensor update."""
import torch
from torch.optim.optimizer import (
    Optimizer, _check_singleton_tensors,
    _set_group_defaults, _gather_group, _check_capturable_device, _check_lr, _check_nonnegative,
    _tensor_steps_in_state,
    _to_scalar, _use_grad_for_differentiable,
)

__all__ = ['Adadelta', 'adadelta']


class Adadelta(Optimizer):
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *, capturable=False,
                 maximize=False, differentiable=False):
        _check_lr(lr)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f'Invalid rho value: {rho}')
        if not 0.0 <= eps:
            raise ValueError(f'Invalid epsilon value: {eps}')
        _check_nonnegative('weight_decay', weight_decay)
        defaults = {'lr': lr, 'rho': rho, 'eps': eps, 'weight_decay': weight_decay, 'maximize': maximize,
                    'capturable': capturable, 'foreach': foreach, 'differentiable': differentiable}
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        _set_group_defaults(self, foreach=None, maximize=False, differentiable=False, capturable=False)
        _tensor_steps_in_state(self)

    def _init_group(self, group, params_with_grad, grads, square_avgs, acc_deltas, state_steps):
        return _gather_group(self, group, 'Adadelta', ('square_avg', 'acc_delta'), params_with_grad, grads,
                             (square_avgs, acc_deltas), state_steps)

    @_use_grad_for_differentiable
    def step(self, closure=None):
        """Performs a single optimization step."""
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            params_with_grad = []
            grads = []
            square_avgs = []
            acc_deltas = []
            state_steps = []
            has_complex = self._init_group(group, params_with_grad, grads, square_avgs, acc_deltas, state_steps)
            adadelta(params_with_grad, grads, square_avgs, acc_deltas, state_steps, lr=group['lr'],
                     rho=group['rho'], eps=group['eps'], weight_decay=group['weight_decay'],
                     foreach=group['foreach'], maximize=group['maximize'], differentiable=group['differentiable'],
                     capturable=group['capturable'], has_complex=has_complex)
        return loss


def adadelta(params, grads, square_avgs, acc_deltas, state_steps, capturable=False, foreach=None,
             differentiable=False, has_complex=False, *, lr, rho, eps, weight_decay, maximize):
    _check_singleton_tensors(state_steps)
    if capturable:
        for p, step in zip(params, state_steps):
            _check_capturable_device(p, step, supports_xla=False)
    lr = _to_scalar(lr)
    for param, grad, square_avg, acc_delta, step in zip(params, grads, square_avgs, acc_deltas, state_steps):
        step += 1
        grad = grad if not maximize else -grad
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        is_complex = torch.is_complex(param)
        if is_complex:
            square_avg = torch.view_as_real(square_avg)
            acc_delta = torch.view_as_real(acc_delta)
            grad = torch.view_as_real(grad)
        square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
        std = square_avg.add(eps).sqrt_()
        delta = acc_delta.add(eps).sqrt_()
        if differentiable:
            delta = delta.clone()
        delta.div_(std).mul_(grad)
        acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
        if is_complex:
            delta = torch.view_as_complex(delta)
        param.add_(delta, alpha=-lr)
