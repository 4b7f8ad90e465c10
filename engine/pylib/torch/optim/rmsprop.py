"""torch.optim.RMSprop: square-average scaling, optional centring and
momentum; PyTorch 2.15's single-tensor update."""
import torch
from torch.optim.optimizer import (
    Optimizer, _check_singleton_tensors,
    _set_group_defaults, _check_capturable_device, _check_lr, _check_nonnegative, _new_step,
    _tensor_steps_in_state,
    _to_scalar, _use_grad_for_differentiable,
)

__all__ = ['RMSprop', 'rmsprop']


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        _check_lr(lr)
        if not 0.0 <= eps:
            raise ValueError(f'Invalid epsilon value: {eps}')
        _check_nonnegative('momentum', momentum)
        _check_nonnegative('weight_decay', weight_decay)
        _check_nonnegative('alpha', alpha)
        defaults = {'lr': lr, 'momentum': momentum, 'alpha': alpha, 'eps': eps, 'centered': centered,
                    'weight_decay': weight_decay, 'capturable': capturable, 'foreach': foreach,
                    'maximize': maximize, 'differentiable': differentiable}
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        _set_group_defaults(self, momentum=0, centered=False, foreach=None, maximize=False, differentiable=False,
                                  capturable=False)
        _tensor_steps_in_state(self)

    def _init_group(self, group, params_with_grad, grads, square_avgs, momentum_buffer_list, grad_avgs,
                    state_steps):
        has_complex = False
        for p in group['params']:
            if p.grad is None:
                continue
            has_complex |= torch.is_complex(p)
            params_with_grad.append(p)
            if p.grad.is_sparse:
                raise RuntimeError('RMSprop does not support sparse gradients')
            grads.append(p.grad)
            state = self.state[p]
            if len(state) == 0:
                state['step'] = _new_step(group['capturable'], p)
                state['square_avg'] = torch.zeros_like(p, memory_format=torch.preserve_format)
                if group['momentum'] > 0:
                    state['momentum_buffer'] = torch.zeros_like(p, memory_format=torch.preserve_format)
                if group['centered']:
                    state['grad_avg'] = torch.zeros_like(p, memory_format=torch.preserve_format)
            square_avgs.append(state['square_avg'])
            state_steps.append(state['step'])
            if group['momentum'] > 0:
                momentum_buffer_list.append(state['momentum_buffer'])
            if group['centered']:
                grad_avgs.append(state['grad_avg'])
        return has_complex

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
            grad_avgs = []
            momentum_buffer_list = []
            state_steps = []
            has_complex = self._init_group(group, params_with_grad, grads, square_avgs, momentum_buffer_list,
                                           grad_avgs, state_steps)
            rmsprop(params_with_grad, grads, square_avgs, grad_avgs, momentum_buffer_list, state_steps,
                    lr=group['lr'], alpha=group['alpha'], eps=group['eps'], weight_decay=group['weight_decay'],
                    momentum=group['momentum'], centered=group['centered'], foreach=group['foreach'],
                    maximize=group['maximize'], differentiable=group['differentiable'],
                    capturable=group['capturable'], has_complex=has_complex)
        return loss


def rmsprop(params, grads, square_avgs, grad_avgs, momentum_buffer_list, state_steps, foreach=None,
            maximize=False, differentiable=False, capturable=False, has_complex=False, *, lr, alpha, eps,
            weight_decay, momentum, centered):
    _check_singleton_tensors(state_steps)
    lr = _to_scalar(lr)
    if foreach and has_complex:
        # PyTorch's foreach path views complex tensors as real before the
        # weight decay; complex arithmetic would round differently.
        params, grads, square_avgs, grad_avgs, momentum_buffer_list = [
            [torch.view_as_real(t) if torch.is_complex(t) else t for t in ts]
            for ts in (params, grads, square_avgs, grad_avgs, momentum_buffer_list)]
    for i, param in enumerate(params):
        step = state_steps[i]
        if capturable:
            _check_capturable_device(param, step)
        grad = grads[i]
        grad = grad if not maximize else -grad
        square_avg = square_avgs[i]
        step += 1
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        is_complex_param = torch.is_complex(param)
        if is_complex_param:
            param = torch.view_as_real(param)
            grad = torch.view_as_real(grad)
            square_avg = torch.view_as_real(square_avg)
        square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
        if centered:
            grad_avg = grad_avgs[i]
            if is_complex_param:
                grad_avg = torch.view_as_real(grad_avg)
            grad_avg.lerp_(grad, 1 - alpha)
            avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
        else:
            avg = square_avg.sqrt()
        if differentiable:
            avg = avg.add(eps)
        else:
            avg = avg.add_(eps)
        if momentum > 0:
            buf = momentum_buffer_list[i]
            if is_complex_param:
                buf = torch.view_as_real(buf)
            buf.mul_(momentum).addcdiv_(grad, avg)
            param.add_(buf, alpha=-lr)
        else:
            param.addcdiv_(grad, avg, value=-lr)
