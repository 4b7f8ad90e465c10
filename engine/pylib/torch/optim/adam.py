"""torch.optim.Adam (and the shared code AdamW uses): single-tensor
(PyTorch's CPU default) and foreach implementations, amsgrad, maximize,
weight decay (coupled, or decoupled as AdamW)."""
import torch
from torch.optim.optimizer import (
    Optimizer, _check_capturable_device, _check_singleton_tensors, _get_scalar_dtype, _get_value, _to_scalar,
    _use_grad_for_differentiable,
)

__all__ = ['Adam', 'adam']


def _check_adam_args(lr, betas, eps, weight_decay, foreach, capturable):
    if isinstance(lr, torch.Tensor):
        if foreach and not capturable:
            raise ValueError('lr as a Tensor is not supported for capturable=False and foreach=True')
        if lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
    if not 0.0 <= lr:
        raise ValueError(f'Invalid learning rate: {lr}')
    if not 0.0 <= eps:
        raise ValueError(f'Invalid epsilon value: {eps}')
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f'Invalid beta parameter at index 0: {betas[0]}')
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f'Invalid beta parameter at index 1: {betas[1]}')
    if not 0.0 <= weight_decay:
        raise ValueError(f'Invalid weight_decay value: {weight_decay}')
    if not ((isinstance(betas[0], float) and isinstance(betas[1], float))
            or (isinstance(betas[0], torch.Tensor) and isinstance(betas[1], torch.Tensor))):
        raise ValueError('betas must be either both floats or both Tensors')
    for i in (0, 1):
        if isinstance(betas[i], torch.Tensor):
            if not capturable and foreach:
                raise ValueError(f'betas[{i}] as a Tensor is not supported for capturable=False and foreach=True')
            if betas[i].numel() != 1:
                raise ValueError(f'Tensor betas[{i}] must be 1-element')
    return (_to_scalar(betas[0]), _to_scalar(betas[1]))


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=None,
                 decoupled_weight_decay=False):
        betas = _check_adam_args(lr, betas, eps, weight_decay, foreach, capturable)
        defaults = {'lr': lr, 'betas': betas, 'eps': eps, 'weight_decay': weight_decay, 'amsgrad': amsgrad,
                    'maximize': maximize, 'foreach': foreach, 'capturable': capturable,
                    'differentiable': differentiable, 'fused': fused,
                    'decoupled_weight_decay': decoupled_weight_decay}
        super().__init__(params, defaults)
        _check_fused(self, fused, foreach, differentiable)

    def __setstate__(self, state):
        super().__setstate__(state)
        _adam_setstate_defaults(self, decoupled=False)

    @_use_grad_for_differentiable
    def step(self, closure=None):
        """Performs a single optimization step."""
        return _adam_step(self, closure)


def _check_fused(self, fused, foreach, differentiable):
    if fused:
        if differentiable:
            raise RuntimeError('`fused` does not support `differentiable`')
        self._step_supports_amp_scaling = True
        if foreach:
            raise RuntimeError('`fused` and `foreach` cannot be `True` together.')


def _adam_setstate_defaults(self, decoupled):
    for group in self.param_groups:
        group.setdefault('amsgrad', False)
        group.setdefault('maximize', False)
        group.setdefault('foreach', None)
        group.setdefault('capturable', False)
        group.setdefault('differentiable', False)
        group.setdefault('decoupled_weight_decay', decoupled)
        fused = group.setdefault('fused', None)
        for p in group['params']:
            p_state = self.state.get(p, [])
            if len(p_state) != 0 and not torch.is_tensor(p_state['step']):
                step_val = float(p_state['step'])
                if group['capturable'] or group['fused']:
                    p_state['step'] = torch.tensor(step_val, dtype=_get_scalar_dtype(is_fused=fused), device=p.device)
                else:
                    p_state['step'] = torch.tensor(step_val, dtype=_get_scalar_dtype())


def _init_adam_group(self, group, params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps,
                     name='Adam'):
    has_complex = False
    amsgrad = group['amsgrad']
    differentiable = group['differentiable']
    # Checked per parameter with a gradient, as PyTorch does (so an
    # optimizer whose parameters have no gradient yet does not raise).
    tensor_lr_with_foreach = group['foreach'] and torch.is_tensor(group['lr']) and not group['capturable']
    state_of = self.state
    for p in group['params']:
        grad = p.grad
        if grad is None:
            continue
        has_complex |= torch.is_complex(p)
        params_with_grad.append(p)
        if grad.is_sparse:
            raise RuntimeError(f'{name} does not support sparse gradients, please consider SparseAdam instead')
        grads.append(grad)
        state = state_of[p]
        if len(state) == 0:
            _new_adam_state(state, group, p, amsgrad)
        exp_avgs.append(state['exp_avg'])
        exp_avg_sqs.append(state['exp_avg_sq'])
        if amsgrad:
            max_exp_avg_sqs.append(state['max_exp_avg_sq'])
        if differentiable and state['step'].requires_grad:
            raise RuntimeError('`requires_grad` is not supported for `step` in differentiable mode')
        if tensor_lr_with_foreach:
            raise RuntimeError('lr as a Tensor is not supported for capturable=False and foreach=True')
        state_steps.append(state['step'])
    return has_complex


def _new_adam_state(state, group, p, amsgrad):
    if group['fused']:
        from torch.optim._fused import device_dtype_check_for_fused
        device_dtype_check_for_fused(p)
    if group['capturable'] or group['fused']:
        state['step'] = torch.zeros((), dtype=_get_scalar_dtype(is_fused=group['fused']), device=p.device)
    else:
        state['step'] = torch.tensor(0.0, dtype=_get_scalar_dtype())
    state['exp_avg'] = torch.zeros_like(p, memory_format=torch.preserve_format)
    state['exp_avg_sq'] = torch.zeros_like(p, memory_format=torch.preserve_format)
    if amsgrad:
        state['max_exp_avg_sq'] = torch.zeros_like(p, memory_format=torch.preserve_format)


Adam._init_group = _init_adam_group


def _adam_step(self, closure):
    loss = None
    if closure is not None:
        with torch.enable_grad():
            loss = closure()
    for group in self.param_groups:
        params_with_grad = []
        grads = []
        exp_avgs = []
        exp_avg_sqs = []
        max_exp_avg_sqs = []
        state_steps = []
        beta1, beta2 = group['betas']
        has_complex = self._init_group(group, params_with_grad, grads, exp_avgs, exp_avg_sqs,
                                       max_exp_avg_sqs, state_steps)
        adam(params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps,
             amsgrad=group['amsgrad'], has_complex=has_complex, beta1=beta1, beta2=beta2, lr=group['lr'],
             weight_decay=group['weight_decay'], eps=group['eps'], maximize=group['maximize'],
             foreach=group['foreach'], capturable=group['capturable'], differentiable=group['differentiable'],
             fused=group['fused'], decoupled_weight_decay=group['decoupled_weight_decay'])
    return loss


def adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, foreach=None, capturable=False,
         differentiable=False, fused=None, grad_scale=None, found_inf=None, has_complex=False,
         decoupled_weight_decay=False, *, amsgrad, beta1, beta2, lr, weight_decay, eps, maximize):
    _check_singleton_tensors(state_steps)
    if fused:
        from torch.optim._fused import fused_adam
        fused_adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, amsgrad=amsgrad,
                   beta1=beta1, beta2=beta2, lr=lr, weight_decay=weight_decay, eps=eps, maximize=maximize,
                   differentiable=differentiable, decoupled_weight_decay=decoupled_weight_decay)
        return
    if foreach:
        from torch.optim._foreach_adam import multi_tensor_adam
        func = multi_tensor_adam
    else:
        func = _single_tensor_adam
    func(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, amsgrad=amsgrad,
         has_complex=has_complex, beta1=beta1, beta2=beta2, lr=lr, weight_decay=weight_decay, eps=eps,
         maximize=maximize, capturable=capturable, differentiable=differentiable,
         decoupled_weight_decay=decoupled_weight_decay)


def _single_tensor_adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, *, amsgrad,
                        has_complex, beta1, beta2, lr, weight_decay, eps, maximize, capturable, differentiable,
                        decoupled_weight_decay):
    lr = _to_scalar(lr)
    beta1 = _to_scalar(beta1)
    beta2 = _to_scalar(beta2)
    # Note [Hoisted scalars] (sgd.py): the same values PyTorch computes per parameter.
    one_minus_beta1 = 1 - beta1
    one_minus_beta2 = 1 - beta2
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]
        exp_avg = exp_avgs[i]
        exp_avg_sq = exp_avg_sqs[i]
        step_t = state_steps[i]
        if capturable:
            _check_capturable_device(param, step_t)
        step_t += 1
        if weight_decay != 0:
            if decoupled_weight_decay:
                param.mul_(1 - lr * weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        is_complex = torch.is_complex(param)
        if is_complex:
            grad = torch.view_as_real(grad)
            exp_avg = torch.view_as_real(exp_avg)
            exp_avg_sq = torch.view_as_real(exp_avg_sq)
            if amsgrad:
                max_exp_avg_sqs[i] = torch.view_as_real(max_exp_avg_sqs[i])
            param = torch.view_as_real(param)
        exp_avg.lerp_(grad, one_minus_beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=one_minus_beta2)
        if capturable or differentiable:
            _tensor_step_adam_update(param, exp_avg, exp_avg_sq, max_exp_avg_sqs, i, step_t, amsgrad,
                                     beta1, beta2, lr, eps, differentiable)
        else:
            step = _get_value(step_t)
            bias_correction1 = 1 - beta1 ** step
            bias_correction2 = 1 - beta2 ** step
            step_size = lr / bias_correction1
            bias_correction2_sqrt = bias_correction2 ** 0.5
            if amsgrad:
                torch.maximum(max_exp_avg_sqs[i], exp_avg_sq, out=max_exp_avg_sqs[i])
                denom = (max_exp_avg_sqs[i].sqrt() / bias_correction2_sqrt).add_(eps)
            else:
                denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
            param.addcdiv_(exp_avg, denom, value=-step_size)
        if amsgrad and is_complex:
            max_exp_avg_sqs[i] = torch.view_as_complex(max_exp_avg_sqs[i])


def _tensor_step_adam_update(param, exp_avg, exp_avg_sq, max_exp_avg_sqs, i, step, amsgrad, beta1, beta2, lr,
                             eps, differentiable):
    """The capturable / differentiable update: the bias corrections stay
    tensors (no .item()), as PyTorch computes them."""
    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step
    step_size = lr / bias_correction1
    step_size_neg = step_size.neg()
    bias_correction2_sqrt = bias_correction2.sqrt()
    if amsgrad:
        max_exp_avg_sq = max_exp_avg_sqs[i].clone() if differentiable else max_exp_avg_sqs[i]
        max_exp_avg_sqs[i].copy_(torch.maximum(max_exp_avg_sq, exp_avg_sq))
        denom = (max_exp_avg_sqs[i].sqrt() / (bias_correction2_sqrt * step_size_neg)).add_(eps / step_size_neg)
    else:
        denom = (exp_avg_sq.sqrt() / (bias_correction2_sqrt * step_size_neg)).add_(eps / step_size_neg)
    if differentiable:
        param.addcdiv_(exp_avg.clone(), denom)
    else:
        param.addcdiv_(exp_avg, denom)
