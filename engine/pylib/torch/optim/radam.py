"""torch.optim.RAdam: rectified Adam; PyTorch 2.15's single-tensor update."""
import torch
from torch.optim.optimizer import (
    Optimizer, _set_group_defaults, _gather_group, _check_betas, _check_capturable_device, _check_lr,
    _check_nonnegative, _get_value,
    _tensor_steps_in_state, _to_scalar, _use_grad_for_differentiable,
)

__all__ = ['RAdam', 'radam']


class RAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False):
        _check_lr(lr)
        if not 0.0 <= eps:
            raise ValueError(f'Invalid epsilon value: {eps}')
        _check_betas(betas)
        _check_nonnegative('weight_decay', weight_decay)
        defaults = {'lr': lr, 'betas': betas, 'eps': eps, 'weight_decay': weight_decay, 'maximize': maximize,
                    'foreach': foreach, 'capturable': capturable, 'decoupled_weight_decay': decoupled_weight_decay,
                    'differentiable': differentiable}
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        _set_group_defaults(self, foreach=None, maximize=False, differentiable=False, decoupled_weight_decay=False,
                                  capturable=False)
        _tensor_steps_in_state(self)

    def _init_group(self, group, params_with_grad, grads, exp_avgs, exp_avg_sqs, state_steps):
        return _gather_group(self, group, 'RAdam', ('exp_avg', 'exp_avg_sq'), params_with_grad, grads,
                             (exp_avgs, exp_avg_sqs), state_steps)

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
            exp_avg_sqs = []
            state_steps = []
            beta1, beta2 = group['betas']
            has_complex = self._init_group(group, params_with_grad, grads, exp_avgs, exp_avg_sqs, state_steps)
            radam(params_with_grad, grads, exp_avgs, exp_avg_sqs, state_steps, beta1=beta1, beta2=beta2,
                  lr=group['lr'], weight_decay=group['weight_decay'], eps=group['eps'],
                  maximize=group['maximize'], foreach=group['foreach'], capturable=group['capturable'],
                  differentiable=group['differentiable'], decoupled_weight_decay=group['decoupled_weight_decay'],
                  has_complex=has_complex)
        return loss


def radam(params, grads, exp_avgs, exp_avg_sqs, state_steps, decoupled_weight_decay=False, foreach=None,
          differentiable=False, capturable=False, has_complex=False, maximize=False, *, beta1, beta2, lr,
          weight_decay, eps):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError('API has changed, `state_steps` argument must contain a list of singleton tensors')
    if foreach and not has_complex:
        if differentiable:
            raise AssertionError("_foreach ops don't support autograd")
        if capturable:
            for p, step in zip(params, state_steps):
                _check_capturable_device(p, step, supports_xla=False)
        from torch.optim._foreach_nadam_radam import multi_tensor_radam
        multi_tensor_radam(params, grads, exp_avgs, exp_avg_sqs, state_steps, beta1=beta1, beta2=beta2, lr=lr,
                           weight_decay=weight_decay, eps=eps, decoupled_weight_decay=decoupled_weight_decay,
                           differentiable=differentiable, maximize=maximize, capturable=capturable)
        return
    lr = _to_scalar(lr)
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]
        exp_avg = exp_avgs[i]
        exp_avg_sq = exp_avg_sqs[i]
        step_t = state_steps[i]
        if capturable:
            _check_capturable_device(param, step_t)
        if torch.is_complex(param):
            param = torch.view_as_real(param)
            grad = torch.view_as_real(grad)
            exp_avg = torch.view_as_real(exp_avg)
            exp_avg_sq = torch.view_as_real(exp_avg_sq)
        step_t += 1
        step = step_t if capturable else _get_value(step_t)
        if weight_decay != 0:
            if decoupled_weight_decay:
                param.mul_(1 - lr * weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        exp_avg.lerp_(grad, 1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        bias_corrected_exp_avg = exp_avg / bias_correction1
        rho_inf = 2 / (1 - beta2) - 1
        rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
        if capturable:
            update = torch.where(rho_t > 5.0, _rect(rho_t, rho_inf) * _adaptive_lr(exp_avg_sq, eps, bias_correction2,
                                                                                 differentiable), 1.0)
            param.add_(bias_corrected_exp_avg * lr * update, alpha=-1.0)
        elif rho_t > 5.0:
            param.add_(bias_corrected_exp_avg * lr * _adaptive_lr(exp_avg_sq, eps, bias_correction2, differentiable)
                       * _rect(rho_t, rho_inf), alpha=-1.0)
        else:
            param.add_(bias_corrected_exp_avg * lr, alpha=-1.0)


def _rect(rho_t, rho_inf):
    return ((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5


def _adaptive_lr(exp_avg_sq, eps, bias_correction2, differentiable):
    exp_avg_sq_sqrt = exp_avg_sq.sqrt()
    if differentiable:
        exp_avg_sq_sqrt = exp_avg_sq_sqrt.add(eps)
    else:
        exp_avg_sq_sqrt = exp_avg_sq_sqrt.add_(eps)
    return (bias_correction2 ** 0.5) / exp_avg_sq_sqrt
