"""torch.optim.Adagrad: per-element sums of squared gradients (state made
for every parameter when the optimizer is built, as PyTorch does), lr
decay, sparse gradients; PyTorch 2.15's single-tensor update."""
import torch
from torch.optim.optimizer import (
    Optimizer, _check_lr, _check_nonnegative, _get_scalar_dtype, _get_value, _to_scalar,
    _use_grad_for_differentiable,
)

__all__ = ['Adagrad', 'adagrad']


def _initial_state(p, fused, initial_accumulator_value):
    if fused:
        step = torch.zeros((), dtype=_get_scalar_dtype(is_fused=fused), device=p.device)
    else:
        step = torch.tensor(0.0, dtype=_get_scalar_dtype())
    if torch.is_complex(p):
        # PyTorch fills with complex(v, v): both halves v.
        state_sum = torch.zeros_like(p, memory_format=torch.preserve_format)
        torch.view_as_real(state_sum).fill_(initial_accumulator_value)
        return step, state_sum
    return step, torch.full_like(p, initial_accumulator_value, memory_format=torch.preserve_format)


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False, differentiable=False, fused=None):
        _check_lr(lr)
        _check_nonnegative('lr_decay', lr_decay)
        _check_nonnegative('weight_decay', weight_decay)
        _check_nonnegative('initial_accumulator_value', initial_accumulator_value)
        if not 0.0 <= eps:
            raise ValueError(f'Invalid epsilon value: {eps}')
        defaults = {'lr': lr, 'lr_decay': lr_decay, 'eps': eps, 'weight_decay': weight_decay,
                    'initial_accumulator_value': initial_accumulator_value, 'foreach': foreach,
                    'maximize': maximize, 'differentiable': differentiable, 'fused': fused}
        super().__init__(params, defaults)
        if fused:
            if differentiable:
                raise RuntimeError('`fused` does not support `differentiable`')
            if foreach:
                raise RuntimeError('`fused` and `foreach` cannot be `True` together.')
            self._need_device_dtype_check_for_fused = True
            self._step_supports_amp_scaling = True
        for group in self.param_groups:
            for p in group['params']:
                state = self.state[p]
                state['step'], state['sum'] = _initial_state(p, group['fused'], initial_accumulator_value)

    def __setstate__(self, state):
        super().__setstate__(state)
        fused = None
        for group in self.param_groups:
            group.setdefault('foreach', None)
            group.setdefault('maximize', False)
            group.setdefault('differentiable', False)
            fused = group.setdefault('fused', None)
            for p in group['params']:
                p_state = self.state.get(p, [])
                if len(p_state) != 0 and not torch.is_tensor(p_state['step']):
                    step_val = float(p_state['step'])
                    if group['fused']:
                        p_state['step'] = torch.tensor(step_val, dtype=_get_scalar_dtype(is_fused=fused),
                                                       device=p.device)
                    else:
                        p_state['step'] = torch.tensor(step_val, dtype=_get_scalar_dtype())

    def share_memory(self):
        for group in self.param_groups:
            for p in group['params']:
                self.state[p]['sum'].share_memory_()

    def _init_group(self, group, params_with_grad, grads, state_sums, state_steps):
        has_sparse_grad, has_complex = False, False
        for p in group['params']:
            if p.grad is None:
                continue
            if group['fused'] and getattr(self, '_need_device_dtype_check_for_fused', True):
                from torch.optim._fused import device_dtype_check_for_fused
                device_dtype_check_for_fused(p)
                self._need_device_dtype_check_for_fused = False
            has_sparse_grad |= p.grad.is_sparse
            has_complex |= torch.is_complex(p)
            params_with_grad.append(p)
            grads.append(p.grad)
            state = self.state[p]
            if len(state) == 0:
                state['step'], state['sum'] = _initial_state(p, group['fused'],
                                                             self.defaults['initial_accumulator_value'])
            state_sums.append(state['sum'])
            state_steps.append(state['step'])
        return has_sparse_grad, has_complex

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
            state_sums = []
            state_steps = []
            has_sparse_grad, has_complex = self._init_group(group, params_with_grad, grads, state_sums,
                                                            state_steps)
            adagrad(params_with_grad, grads, state_sums, state_steps, lr=group['lr'],
                    weight_decay=group['weight_decay'], lr_decay=group['lr_decay'], eps=group['eps'],
                    has_sparse_grad=has_sparse_grad, foreach=group['foreach'], maximize=group['maximize'],
                    differentiable=group['differentiable'], has_complex=has_complex, fused=group['fused'])
        return loss


def adagrad(params, grads, state_sums, state_steps, fused=None, grad_scale=None, found_inf=None,
            has_sparse_grad=False, foreach=None, differentiable=False, has_complex=False, *, lr, weight_decay,
            lr_decay, eps, maximize):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError('API has changed, `state_steps` argument must contain a list of singleton tensors')
    if fused:
        from torch.optim._fused import fused_adagrad
        fused_adagrad(params, grads, state_sums, state_steps, lr=lr, lr_decay=lr_decay, weight_decay=weight_decay,
                      eps=eps, maximize=maximize, has_sparse_grad=has_sparse_grad, differentiable=differentiable)
        return
    lr = _to_scalar(lr)
    for param, grad, state_sum, step_t in zip(params, grads, state_sums, state_steps):
        step_t += 1
        step = _get_value(step_t)
        grad = grad if not maximize else -grad
        if weight_decay != 0:
            if grad.is_sparse:
                raise RuntimeError('weight_decay option is not compatible with sparse gradients')
            grad = grad.add(param, alpha=weight_decay)
        clr = lr / (1 + (step - 1) * lr_decay)
        if grad.is_sparse:
            _sparse_update(param, grad, state_sum, clr, eps)
            continue
        is_complex = torch.is_complex(param)
        if is_complex:
            grad = torch.view_as_real(grad)
            state_sum = torch.view_as_real(state_sum)
            param = torch.view_as_real(param)
        state_sum.addcmul_(grad, grad, value=1)
        if differentiable:
            std = state_sum.sqrt() + eps
        else:
            std = state_sum.sqrt().add_(eps)
        param.addcdiv_(grad, std, value=-clr)


def _sparse_update(param, grad, state_sum, clr, eps):
    grad = grad.coalesce()  # the update is non-linear so indices must be unique
    grad_indices = grad._indices()
    grad_values = grad._values()
    state_sum.add_(_make_sparse(grad, grad_indices, grad_values.pow(2)))
    std = state_sum.sparse_mask(grad)
    std_values = std._values().sqrt_().add_(eps)
    param.add_(_make_sparse(grad, grad_indices, grad_values / std_values), alpha=-clr)


def _make_sparse(grad, grad_indices, values):
    """A sparse COO tensor of grad's size with the given indices and values
    (torch.optim._functional exports it)."""
    return torch.sparse_coo_tensor(grad_indices, values, grad.size())
