"""NAdam's and RAdam's foreach implementations: PyTorch 2.15's
_multi_tensor_nadam / _multi_tensor_radam operator sequences (they differ
from the for-loop ones in rounding: the update is folded into one
addcdiv/addcmul with per-tensor scalars). Capturable is rejected before
this on a CPU (no graph capture); see _foreach_adam.py on device groups."""
import torch
from torch.optim.optimizer import _check_capturable_device, _get_value, _to_scalar


def _increment(state_steps):
    if state_steps[0].device.type == 'cpu':
        torch._foreach_add_(state_steps, torch.tensor(1.0, device='cpu'), alpha=1.0)
    else:
        torch._foreach_add_(state_steps, 1)


def _weight_decay(params, grads, weight_decay, decoupled_weight_decay, lr, maximize):
    if weight_decay == 0:
        return grads
    if decoupled_weight_decay:
        torch._foreach_mul_(params, 1 - lr * weight_decay)
    elif maximize:
        torch._foreach_add_(grads, params, alpha=weight_decay)
    else:
        grads = torch._foreach_add(grads, params, alpha=weight_decay)
    return grads


def multi_tensor_nadam(params, grads, exp_avgs, exp_avg_sqs, mu_products, state_steps, *, beta1, beta2, lr,
                       weight_decay, momentum_decay, eps, decoupled_weight_decay, maximize, capturable,
                       differentiable):
    if len(params) == 0:
        return
    lr = _to_scalar(lr)
    if maximize:
        grads = torch._foreach_neg(grads)
    _increment(state_steps)
    grads = _weight_decay(params, grads, weight_decay, decoupled_weight_decay, lr, maximize)
    torch._foreach_lerp_(exp_avgs, grads, 1 - beta1)
    torch._foreach_mul_(exp_avg_sqs, beta2)
    torch._foreach_addcmul_(exp_avg_sqs, grads, grads, 1 - beta2)
    exp_avg_sq_sqrt = torch._foreach_sqrt(exp_avg_sqs)
    steps = [_get_value(step) for step in state_steps]
    bias_correction_sqrt = [(1 - beta2 ** step) ** 0.5 for step in steps]
    mus = [beta1 * (1.0 - 0.5 * (0.96 ** (step * momentum_decay))) for step in steps]
    mu_nexts = [beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * momentum_decay))) for step in steps]
    torch._foreach_mul_(mu_products, mus)
    torch._foreach_div_(exp_avg_sq_sqrt, bias_correction_sqrt)
    torch._foreach_add_(exp_avg_sq_sqrt, eps)
    lr_value = _get_value(lr)
    step_size_grads = [(lr_value * (1.0 - mu) / (1.0 - _get_value(mu_product))) * -1
                       for mu_product, mu in zip(mu_products, mus)]
    step_size_expavg = [(lr_value * mu_next / (1.0 - _get_value(mu_product) * mu_next)) * -1
                        for mu_product, mu_next in zip(mu_products, mu_nexts)]
    torch._foreach_addcdiv_(params, grads, exp_avg_sq_sqrt, step_size_grads)
    torch._foreach_addcdiv_(params, exp_avgs, exp_avg_sq_sqrt, step_size_expavg)


def multi_tensor_radam(params, grads, exp_avgs, exp_avg_sqs, state_steps, *, beta1, beta2, lr, weight_decay,
                       eps, decoupled_weight_decay, differentiable, maximize, capturable):
    if len(params) == 0:
        return
    lr = _to_scalar(lr)
    _increment(state_steps)
    if maximize:
        grads = torch._foreach_neg(grads)
    rho_inf = 2 / (1 - beta2) - 1
    steps = [_get_value(step) for step in state_steps]
    rho_t_list = [rho_inf - 2 * step * (beta2 ** step) / (1 - beta2 ** step) for step in steps]
    grads = _weight_decay(params, grads, weight_decay, decoupled_weight_decay, lr, maximize)
    torch._foreach_lerp_(exp_avgs, grads, 1 - beta1)
    torch._foreach_mul_(exp_avg_sqs, beta2)
    torch._foreach_addcmul_(exp_avg_sqs, grads, grads, 1 - beta2)
    rect = [((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
            if rho_t > 5 else 0 for rho_t in rho_t_list]
    unrectified = [0 if r > 0 else 1.0 for r in rect]
    bias_correction1 = [1 - beta1 ** step for step in steps]
    unrect_step_size = [(lr * r / bc) * -1 for r, bc in zip(unrectified, bias_correction1)]
    bias_correction2 = [((1 - beta2 ** step) ** 0.5) * (lr * r / bc) * -1
                        for step, r, bc in zip(steps, rect, bias_correction1)]
    buffer = torch._foreach_sqrt(exp_avg_sqs)
    torch._foreach_add_(buffer, eps)
    torch._foreach_div_(buffer, bias_correction2)
    torch._foreach_reciprocal_(buffer)
    torch._foreach_add_(buffer, unrect_step_size)
    torch._foreach_addcmul_(params, exp_avgs, buffer)
