"""fused=True: PyTorch's fused CPU kernels (torch._fused_adam_ / _fused_adamw_
/ _fused_sgd_ / _fused_adagrad_), called as PyTorch 2.15's _fused_* functions
call them. On one device every parameter goes in one call (PyTorch groups by
device and dtype; the kernels work per tensor)."""
import torch
from torch.optim.optimizer import _to_scalar

_FUSED_DEVICES = ['mps', 'cuda', 'xpu', 'hpu', 'cpu', 'mtia', 'privateuseone']


def device_dtype_check_for_fused(p):
    if not (p.device.type in _FUSED_DEVICES and torch.is_floating_point(p)):
        raise RuntimeError('`fused=True` requires all the params to be floating point Tensors of '
                           f'supported devices: {_FUSED_DEVICES} but {p.dtype} and {p.device.type}')


def fused_adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, *, amsgrad, beta1, beta2, lr,
               weight_decay, eps, maximize, differentiable, decoupled_weight_decay):
    if not params:
        return
    if differentiable:
        raise RuntimeError('Adam with fused=True does not support differentiable=True')
    beta1 = _to_scalar(beta1)
    beta2 = _to_scalar(beta2)
    torch._foreach_add_(state_steps, 1)
    func = torch._fused_adamw_ if decoupled_weight_decay else torch._fused_adam_
    func(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, amsgrad=amsgrad, lr=lr, beta1=beta1,
         beta2=beta2, weight_decay=weight_decay, eps=eps, maximize=maximize, grad_scale=None, found_inf=None)


def fused_sgd(params, grads, momentum_buffer_list, *, weight_decay, momentum, lr, dampening, nesterov, maximize,
              has_sparse_grad):
    if not params:
        return
    if has_sparse_grad:
        raise RuntimeError('`_fused_sgd` does not support sparse gradients')
    no_momentum_buffer = momentum == 0
    is_first_step = all(t is None for t in momentum_buffer_list) and not no_momentum_buffer
    if is_first_step:
        for i, g in enumerate(grads):
            momentum_buffer_list[i] = torch.empty_like(g)
    torch._fused_sgd_(params, grads, [] if no_momentum_buffer else momentum_buffer_list,
                      weight_decay=weight_decay, momentum=momentum, lr=lr, dampening=dampening, nesterov=nesterov,
                      maximize=maximize, is_first_step=is_first_step, grad_scale=None, found_inf=None)


def fused_adagrad(params, grads, state_sums, state_steps, *, lr, lr_decay, weight_decay, eps, maximize,
                  has_sparse_grad, differentiable):
    if not params:
        return
    if has_sparse_grad or differentiable:
        raise RuntimeError('`fused` does not support sparse grad or differentiable')
    torch._foreach_add_(state_steps, 1)
    torch._fused_adagrad_(params, grads, state_sums, state_steps, lr=lr, lr_decay=lr_decay,
                          weight_decay=weight_decay, eps=eps, maximize=maximize, grad_scale=None, found_inf=None)
