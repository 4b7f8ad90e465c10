"""Adam's (and AdamW's) foreach implementation: the same _foreach_* ATen
operators, in the same order, as PyTorch 2.15's _multi_tensor_adam.

PyTorch groups the tensors by device and dtype first; every group runs the
same sequence of element-wise operators, so on one device running the whole
list at once gives the same numbers (CPU foreach kernels loop per tensor).
"""
import torch
from torch.optim.optimizer import _get_value, _to_scalar


def _view_as_real(*lists):
    for tensors in lists:
        for i in range(len(tensors)):
            if torch.is_complex(tensors[i]):
                tensors[i] = torch.view_as_real(tensors[i])


def _check_tensor_hyperparameters(lr, beta1, beta2, capturable):
    if isinstance(lr, torch.Tensor):
        if not capturable:
            raise RuntimeError('lr as a Tensor is not supported for capturable=False and foreach=True')
        if lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
    for name, beta in (('beta1', beta1), ('beta2', beta2)):
        if isinstance(beta, torch.Tensor):
            if not capturable:
                raise ValueError(f'{name} as a Tensor is not supported for capturable=False and foreach=True')
            if beta.numel() != 1:
                raise ValueError(f'Tensor {name} must be 1-element')


def multi_tensor_adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, *, amsgrad,
                      has_complex, beta1, beta2, lr, weight_decay, eps, maximize, capturable, differentiable,
                      decoupled_weight_decay):
    if len(params) == 0:
        return
    _check_tensor_hyperparameters(lr, beta1, beta2, capturable)
    if differentiable:
        raise AssertionError("_foreach ops don't support autograd")
    lr = _to_scalar(lr)
    beta1 = _to_scalar(beta1)
    beta2 = _to_scalar(beta2)
    params = list(params)
    grads = list(grads)
    exp_avgs = list(exp_avgs)
    exp_avg_sqs = list(exp_avg_sqs)
    max_exp_avg_sqs = list(max_exp_avg_sqs)
    if has_complex:
        if amsgrad:
            _view_as_real(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs)
        else:
            _view_as_real(params, grads, exp_avgs, exp_avg_sqs)
    if maximize:
        grads = torch._foreach_neg(grads)
    if state_steps[0].device.type == 'cpu':
        torch._foreach_add_(state_steps, torch.tensor(1.0, device='cpu'), alpha=1.0)
    else:
        torch._foreach_add_(state_steps, 1)
    if weight_decay != 0:
        if decoupled_weight_decay:
            torch._foreach_mul_(params, 1 - lr * weight_decay)
        elif maximize:
            torch._foreach_add_(grads, params, alpha=weight_decay)
        else:
            grads = torch._foreach_add(grads, params, alpha=weight_decay)
    torch._foreach_lerp_(exp_avgs, grads, 1 - beta1)
    torch._foreach_mul_(exp_avg_sqs, beta2)
    if isinstance(beta2, torch.Tensor):
        scaled_grads = torch._foreach_mul(grads, 1 - beta2)
        value = 1.0
    else:
        scaled_grads = grads
        value = 1 - beta2
    torch._foreach_addcmul_(exp_avg_sqs, scaled_grads, grads, value)
    if capturable:
        _capturable_update(params, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, amsgrad,
                           beta1, beta2, lr, eps)
        return
    bias_correction1 = [1 - beta1 ** _get_value(step) for step in state_steps]
    bias_correction2 = [1 - beta2 ** _get_value(step) for step in state_steps]
    step_size = [(lr / bc) * -1 for bc in bias_correction1]
    bias_correction2_sqrt = [bc ** 0.5 for bc in bias_correction2]
    if amsgrad:
        torch._foreach_maximum_(max_exp_avg_sqs, exp_avg_sqs)
        exp_avg_sq_sqrt = torch._foreach_sqrt(max_exp_avg_sqs)
    else:
        exp_avg_sq_sqrt = torch._foreach_sqrt(exp_avg_sqs)
    torch._foreach_div_(exp_avg_sq_sqrt, bias_correction2_sqrt)
    torch._foreach_add_(exp_avg_sq_sqrt, eps)
    torch._foreach_addcdiv_(params, exp_avgs, exp_avg_sq_sqrt, step_size)


def _capturable_update(params, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, amsgrad, beta1, beta2, lr,
                       eps):
    bias_correction1 = torch._foreach_pow(beta1, state_steps)
    bias_correction2 = torch._foreach_pow(beta2, state_steps)
    torch._foreach_sub_(bias_correction1, 1)
    torch._foreach_sub_(bias_correction2, 1)
    torch._foreach_neg_(bias_correction2)
    torch._foreach_div_(bias_correction1, lr)
    torch._foreach_reciprocal_(bias_correction1)
    torch._foreach_sqrt_(bias_correction2)
    if amsgrad:
        torch._foreach_maximum_(max_exp_avg_sqs, exp_avg_sqs)
        exp_avg_sq_sqrt = torch._foreach_sqrt(max_exp_avg_sqs)
    else:
        exp_avg_sq_sqrt = torch._foreach_sqrt(exp_avg_sqs)
    torch._foreach_div_(exp_avg_sq_sqrt, bias_correction2)
    torch._foreach_add_(exp_avg_sq_sqrt, eps)
    torch._foreach_div_(exp_avg_sq_sqrt, bias_correction1)
    torch._foreach_addcdiv_(params, exp_avgs, exp_avg_sq_sqrt)
