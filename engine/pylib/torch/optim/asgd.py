"""torch.optim.ASGD: averaged SGD, PyTorch 2.15's single-tensor update (its
CPU default) and its foreach one (a different operator sequence, so it is
written out separately). State per parameter: step, eta, mu (0-dim tensors)
and the running average ax."""
import torch
from torch.optim.optimizer import (
    Optimizer, _get_scalar_dtype, _get_value, _set_group_defaults, _to_scalar, _use_grad_for_differentiable,
)

__all__ = ['ASGD', 'asgd']


def _check_capturable(params, others):
    devices = ['cuda', 'xpu', 'hpu', 'privateuseone', 'xla']
    for p, tensors in zip(params, others):
        if not (all(t.device.type == p.device.type for t in tensors) and p.device.type in devices):
            raise AssertionError('If capturable=True, params, mus, etas, and state_steps must be '
                                 f'on supported devices: {devices}.')


class ASGD(Optimizer):
    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None,
                 maximize=False, differentiable=False, capturable=False):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
        if not 0.0 <= lr:
            raise ValueError(f'Invalid learning rate: {lr}')
        if not 0.0 <= lambd:
            raise ValueError(f'Invalid lambd value: {lambd}')
        if not 0.0 <= alpha:
            raise ValueError(f'Invalid alpha value: {alpha}')
        if not 0.0 <= weight_decay:
            raise ValueError(f'Invalid weight_decay value: {weight_decay}')
        defaults = {'lr': lr, 'lambd': lambd, 'alpha': alpha, 't0': t0, 'weight_decay': weight_decay,
                    'foreach': foreach, 'maximize': maximize, 'differentiable': differentiable,
                    'capturable': capturable}
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        _set_group_defaults(self, foreach=None, maximize=False, differentiable=False, capturable=False)
        for group in self.param_groups:
            for p in group['params']:
                p_state = self.state.get(p, [])
                if len(p_state) == 0:
                    continue
                for key in ('step', 'eta', 'mu'):
                    if not torch.is_tensor(p_state[key]):
                        p_state[key] = torch.tensor(float(p_state[key]), dtype=_get_scalar_dtype(),
                                                    device=p.device)

    def _init_group(self, group, params_with_grad, grads, mus, axs, etas, state_steps):
        has_complex = False
        for p in group['params']:
            if p.grad is None:
                continue
            has_complex |= torch.is_complex(p)
            params_with_grad.append(p)
            if p.grad.is_sparse:
                raise RuntimeError('ASGD does not support sparse gradients')
            grads.append(p.grad)
            state = self.state[p]
            if len(state) == 0:
                state['step'] = torch.zeros((), device=p.device, dtype=_get_scalar_dtype())
                state['eta'] = torch.as_tensor(_to_scalar(group['lr']), device=p.device,
                                               dtype=_get_scalar_dtype()).clone().detach()
                state['mu'] = torch.ones((), device=p.device, dtype=_get_scalar_dtype())
                state['ax'] = torch.zeros_like(p, memory_format=torch.preserve_format)
            mus.append(state['mu'])
            axs.append(state['ax'])
            etas.append(state['eta'])
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
            params_with_grad, grads, mus, axs, etas, state_steps = [], [], [], [], [], []
            has_complex = self._init_group(group, params_with_grad, grads, mus, axs, etas, state_steps)
            asgd(params_with_grad, grads, axs, mus, etas, state_steps, lambd=group['lambd'], lr=group['lr'],
                 t0=group['t0'], alpha=group['alpha'], weight_decay=group['weight_decay'],
                 foreach=group['foreach'], maximize=group['maximize'], differentiable=group['differentiable'],
                 capturable=group['capturable'], has_complex=has_complex)
        return loss


def asgd(params, grads, axs, mus, etas, state_steps, foreach=None, maximize=False, differentiable=False,
         capturable=False, has_complex=False, *, lambd, lr, t0, alpha, weight_decay):
    # foreach=None means False on the CPU (PyTorch picks foreach for CUDA tensors only).
    func = _multi_tensor_asgd if foreach else _single_tensor_asgd
    func(params, grads, axs, mus, etas, state_steps, lambd=lambd, lr=lr, t0=t0, alpha=alpha,
         weight_decay=weight_decay, maximize=maximize, differentiable=differentiable, capturable=capturable,
         has_complex=has_complex)


def _single_tensor_asgd(params, grads, axs, mus, etas, state_steps, *, lambd, lr, t0, alpha, weight_decay,
                        maximize, differentiable, capturable, has_complex):
    lr = _to_scalar(lr)
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]
        mu, ax, eta, step_t = mus[i], axs[i], etas[i], state_steps[i]
        if capturable:
            _check_capturable([param], [[mu, eta, step_t]])
        if torch.is_complex(param):
            grad = torch.view_as_real(grad)
            param = torch.view_as_real(param)
            ax = torch.view_as_real(ax)
        step_t += 1
        if weight_decay != 0:
            grad = grad.add(param, alpha=weight_decay)
        if capturable:
            param.mul_(1 - lambd * eta)
            param.addcmul_(grad, eta, value=-1)
        else:
            eta_value = _get_value(eta)
            param.mul_(1 - lambd * eta_value)
            param.add_(grad, alpha=-eta_value)
        if capturable or mu.item() != 1:
            ax.add_(param.sub(ax).mul_(mu))
        else:
            ax.copy_(param)
        if capturable:
            eta.copy_(lr / ((1 + lambd * lr * step_t) ** alpha))
            mu.copy_(1 / torch.maximum(step_t - t0, torch.ones_like(step_t)))
        else:
            step = _get_value(step_t)
            eta.copy_(torch.as_tensor(lr / ((1 + lambd * lr * step) ** alpha)))
            mu.copy_(torch.as_tensor(1 / max(1, step - t0)))


def _multi_tensor_asgd(params, grads, axs, mus, etas, state_steps, *, lambd, lr, t0, alpha, weight_decay,
                       maximize, differentiable, capturable, has_complex):
    if len(params) == 0:
        return
    if differentiable:
        raise AssertionError("_foreach ops don't support autograd")
    if capturable:
        _check_capturable(params, zip(mus, etas, state_steps))
    lr = _to_scalar(lr)
    params, grads, axs = list(params), list(grads), list(axs)
    if has_complex:
        for tensors in (params, grads, axs):
            for i in range(len(tensors)):
                if torch.is_complex(tensors[i]):
                    tensors[i] = torch.view_as_real(tensors[i])
    if maximize:
        grads = torch._foreach_neg(grads)
    if state_steps[0].device.type == 'cpu':
        torch._foreach_add_(state_steps, torch.tensor(1.0, device='cpu'), alpha=1.0)
    else:
        torch._foreach_add_(state_steps, 1)
    if weight_decay != 0:
        if maximize:
            torch._foreach_add_(grads, params, alpha=weight_decay)
            intermediate = grads
        else:
            intermediate = torch._foreach_add(grads, params, alpha=weight_decay)
        torch._foreach_add_(intermediate, params, alpha=lambd)
    else:
        intermediate = torch._foreach_add(grads, params, alpha=lambd)
    torch._foreach_addcmul_(params, intermediate, etas, value=-1)
    intermediate = torch._foreach_sub(params, axs)
    torch._foreach_addcmul_(axs, intermediate, mus)
    if capturable:
        new_mus = torch._foreach_sub(state_steps, t0)
        torch._foreach_maximum_(new_mus, 1.0)
        torch._foreach_reciprocal_(new_mus)
        torch._foreach_copy_(mus, new_mus)
        new_etas = torch._foreach_mul(state_steps, lambd)
        torch._foreach_mul_(new_etas, lr)
        torch._foreach_add_(new_etas, 1)
        torch._foreach_pow_(new_etas, alpha)
        torch._foreach_reciprocal_(new_etas)
        torch._foreach_mul_(new_etas, lr)
        torch._foreach_copy_(etas, new_etas)
    else:
        device = params[0].device
        new_etas = [torch.as_tensor(lr / ((1 + lambd * lr * step) ** alpha), device=device) for step in state_steps]
        new_mus = [torch.as_tensor(1 / max(1, _get_value(step) - t0), device=device) for step in state_steps]
        torch._foreach_copy_(etas, new_etas)
        torch._foreach_copy_(mus, new_mus)
