"""torch.optim.Adamax: Adam with the infinity norm; PyTorch 2.15's
single-tensor update."""
import torch
from torch.optim.optimizer import (
    Optimizer, _check_singleton_tensors,
    _set_group_defaults, _gather_group, _check_betas, _check_capturable_device, _check_lr,
    _check_nonnegative, _get_value,
    _tensor_steps_in_state, _to_scalar, _use_grad_for_differentiable,
)

__all__ = ['Adamax', 'adamax']


class Adamax(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
                 maximize=False, differentiable=False, capturable=False):
        _check_lr(lr)
        if not 0.0 <= eps:
            raise ValueError(f'Invalid epsilon value: {eps}')
        _check_betas(betas)
        _check_nonnegative('weight_decay', weight_decay)
        defaults = {'lr': lr, 'betas': betas, 'eps': eps, 'weight_decay': weight_decay, 'foreach': foreach,
                    'maximize': maximize, 'differentiable': differentiable, 'capturable': capturable}
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        _set_group_defaults(self, foreach=None, maximize=False, differentiable=False, capturable=False)
        _tensor_steps_in_state(self)

    def _init_group(self, group, params_with_grad, grads, exp_avgs, exp_infs, state_steps):
        return _gather_group(self, group, 'Adamax', ('exp_avg', 'exp_inf'), params_with_grad, grads,
                             (exp_avgs, exp_infs), state_steps)

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
            exp_avgs = []
            exp_infs = []
            state_steps = []
            beta1, beta2 = group['betas']
            has_complex = self._init_group(group, params_with_grad, grads, exp_avgs, exp_infs, state_steps)
            adamax(params_with_grad, grads, exp_avgs, exp_infs, state_steps, eps=group['eps'], beta1=beta1,
                   beta2=beta2, lr=group['lr'], weight_decay=group['weight_decay'], foreach=group['foreach'],
                   maximize=group['maximize'], differentiable=group['differentiable'],
                   capturable=group['capturable'], has_complex=has_complex)
        return loss


def adamax(params, grads, exp_avgs, exp_infs, state_steps, foreach=None, maximize=False, differentiable=False,
           capturable=False, has_complex=False, *, eps, beta1, beta2, lr, weight_decay):
    _check_singleton_tensors(state_steps)
    lr = _to_scalar(lr)
    for i, param in enumerate(params):
        grad = grads[i]
        grad = grad if not maximize else -grad
        exp_avg = exp_avgs[i]
        exp_inf = exp_infs[i]
        step_t = state_steps[i]
        if capturable:
            _check_capturable_device(param, step_t)
        step_t += 1
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        if torch.is_complex(param):
            param = torch.view_as_real(param)
            grad = torch.view_as_real(grad)
            exp_avg = torch.view_as_real(exp_avg)
            exp_inf = torch.view_as_real(exp_inf)
        exp_avg.lerp_(grad, 1 - beta1)
        if not differentiable:
            torch.maximum(exp_inf.mul_(beta2), grad.abs().add_(eps), out=exp_inf)
        else:
            norm_buf = torch.cat([exp_inf.mul_(beta2).unsqueeze(0), grad.abs().add_(eps).unsqueeze_(0)], 0)
            exp_inf.copy_(torch.amax(norm_buf, 0, keepdim=False))
        if capturable:
            neg_bias_correction = beta1 ** step_t - 1
            neg_bias_correction.div_(lr)
            denom = exp_inf * neg_bias_correction
            param.addcdiv_(exp_avg, denom)
        else:
            bias_correction = 1 - beta1 ** _get_value(step_t)
            clr = lr / bias_correction
            param.addcdiv_(exp_avg, exp_inf, value=-clr)
