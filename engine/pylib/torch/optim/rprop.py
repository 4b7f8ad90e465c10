"""torch.optim.Rprop: resilient backpropagation, PyTorch 2.15's single-tensor
update (its CPU default) and its foreach one. State per parameter: step,
prev (the last gradient used) and step_size (per element)."""
import torch
from torch.optim.optimizer import (
    Optimizer, _check_capturable_device, _get_scalar_dtype, _set_group_defaults, _tensor_steps_in_state,
    _to_scalar, _use_grad_for_differentiable,
)

__all__ = ['Rprop', 'rprop']


class Rprop(Optimizer):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, capturable=False,
                 foreach=None, maximize=False, differentiable=False):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
        if not 0.0 <= lr:
            raise ValueError(f'Invalid learning rate: {lr}')
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f'Invalid eta values: {etas[0]}, {etas[1]}')
        defaults = {'lr': lr, 'etas': etas, 'step_sizes': step_sizes, 'foreach': foreach, 'maximize': maximize,
                    'differentiable': differentiable, 'capturable': capturable}
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        _set_group_defaults(self, foreach=None, maximize=False, differentiable=False, capturable=False)
        _tensor_steps_in_state(self)

    def _init_group(self, group, params, grads, prevs, step_sizes, state_steps):
        has_complex = False
        for p in group['params']:
            if p.grad is None:
                continue
            has_complex |= torch.is_complex(p)
            params.append(p)
            grad = p.grad
            if grad.is_sparse:
                raise RuntimeError('Rprop does not support sparse gradients')
            grads.append(grad)
            state = self.state[p]
            if len(state) == 0:
                if group['capturable']:
                    state['step'] = torch.zeros((), dtype=_get_scalar_dtype(), device=p.device)
                else:
                    state['step'] = torch.zeros((), dtype=_get_scalar_dtype())
                state['prev'] = torch.zeros_like(p, memory_format=torch.preserve_format)
                if p.dtype.is_complex:
                    state['step_size'] = torch.full_like(grad, complex(group['lr'], group['lr']))
                else:
                    state['step_size'] = torch.full_like(grad, _to_scalar(group['lr']))
            prevs.append(state['prev'])
            step_sizes.append(state['step_size'])
            state_steps.append(state['step'])
        return has_complex

    @_use_grad_for_differentiable
    def step(self, closure=None):
        """Performs a single optimization step."""
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            params, grads, prevs, step_sizes, state_steps = [], [], [], [], []
            etaminus, etaplus = group['etas']
            step_size_min, step_size_max = group['step_sizes']
            has_complex = self._init_group(group, params, grads, prevs, step_sizes, state_steps)
            rprop(params, grads, prevs, step_sizes, state_steps, step_size_min=step_size_min,
                  step_size_max=step_size_max, etaminus=etaminus, etaplus=etaplus, foreach=group['foreach'],
                  maximize=group['maximize'], differentiable=group['differentiable'],
                  capturable=group['capturable'], has_complex=has_complex)
        return loss


def rprop(params, grads, prevs, step_sizes, state_steps, foreach=None, capturable=False, maximize=False,
          differentiable=False, has_complex=False, *, step_size_min, step_size_max, etaminus, etaplus):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError('API has changed, `state_steps` argument must contain a list of singleton tensors')
    # foreach=None means False on the CPU (PyTorch picks foreach for CUDA tensors only).
    func = _multi_tensor_rprop if foreach else _single_tensor_rprop
    func(params, grads, prevs, step_sizes, state_steps, step_size_min=step_size_min, step_size_max=step_size_max,
         etaminus=etaminus, etaplus=etaplus, capturable=capturable, maximize=maximize,
         differentiable=differentiable, has_complex=has_complex)


def _single_tensor_rprop(params, grads, prevs, step_sizes, state_steps, *, step_size_min, step_size_max,
                         etaminus, etaplus, maximize, capturable, differentiable, has_complex):
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]
        prev, step_size, step = prevs[i], step_sizes[i], state_steps[i]
        if capturable:
            _check_capturable_device(param, step)
        step += 1
        if torch.is_complex(param):
            grad = torch.view_as_real(grad)
            prev = torch.view_as_real(prev)
            param = torch.view_as_real(param)
            step_size = torch.view_as_real(step_size)
        sign = grad.mul(prev.clone() if differentiable else prev).sign()
        if capturable:
            sign.copy_(torch.where(sign.gt(0), etaplus, sign))
            sign.copy_(torch.where(sign.lt(0), etaminus, sign))
            sign.copy_(torch.where(sign.eq(0), 1, sign))
        else:
            sign[sign.gt(0)] = etaplus
            sign[sign.lt(0)] = etaminus
            sign[sign.eq(0)] = 1
        step_size.mul_(sign).clamp_(step_size_min, step_size_max)
        grad = grad.clone(memory_format=torch.preserve_format)
        if capturable:
            grad.copy_(torch.where(sign.eq(etaminus), 0, grad))
        else:
            grad[sign.eq(etaminus)] = 0
        param.addcmul_(grad.sign(), step_size, value=-1)
        prev.copy_(grad)


def _multi_tensor_rprop(params, grads, prevs, step_sizes, state_steps, *, step_size_min, step_size_max,
                        etaminus, etaplus, maximize, capturable, differentiable, has_complex):
    if len(params) == 0:
        return
    if differentiable:
        raise AssertionError("_foreach ops don't support autograd")
    if capturable:
        for p, step in zip(params, state_steps):
            _check_capturable_device(p, step)
    if state_steps[0].device.type == 'cpu':
        torch._foreach_add_(state_steps, torch.tensor(1.0, device='cpu'), alpha=1.0)
    else:
        torch._foreach_add_(state_steps, 1)
    params, grads, prevs, step_sizes = list(params), list(grads), list(prevs), list(step_sizes)
    if has_complex:
        for tensors in (params, grads, prevs, step_sizes):
            for i in range(len(tensors)):
                if torch.is_complex(tensors[i]):
                    tensors[i] = torch.view_as_real(tensors[i])
    signs = torch._foreach_mul(grads, prevs)
    if maximize:
        torch._foreach_neg_(signs)
    torch._foreach_copy_(prevs, grads)
    if maximize:
        torch._foreach_neg_(prevs)
    grads = prevs
    torch._foreach_sign_(signs)
    for sign in signs:
        if capturable:
            sign.copy_(torch.where(sign.gt(0), etaplus, sign))
            sign.copy_(torch.where(sign.lt(0), etaminus, sign))
            sign.copy_(torch.where(sign.eq(0), 1, sign))
        else:
            sign[sign.gt(0)] = etaplus
            sign[sign.lt(0)] = etaminus
            sign[sign.eq(0)] = 1
    torch._foreach_mul_(step_sizes, signs)
    for step_size in step_sizes:
        step_size.clamp_(step_size_min, step_size_max)
    for i in range(len(grads)):
        grads[i].copy_(torch.where(signs[i].eq(etaminus), 0, grads[i]))
    grad_signs = [grad.sign() for grad in grads]
    torch._foreach_addcmul_(params, grad_signs, step_sizes, value=-1)
