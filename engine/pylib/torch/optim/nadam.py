"""torch.optim.NAdam: Adam with Nesterov momentum and momentum decay;
PyTorch 2.15's single-tensor update (mu_product kept as a 0-dim tensor)."""
import torch
from torch.optim.optimizer import (
    Optimizer, _check_singleton_tensors,
    _check_betas, _check_capturable_device, _check_lr, _check_nonnegative, _get_scalar_dtype,
    _get_value, _new_step, _to_scalar, _use_grad_for_differentiable,
)

__all__ = ['NAdam', 'nadam']


class NAdam(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, momentum_decay=4e-3,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False):
        _check_lr(lr)
        if not 0.0 <= eps:
            raise ValueError(f'Invalid epsilon value: {eps}')
        _check_betas(betas)
        _check_nonnegative('weight_decay', weight_decay)
        _check_nonnegative('momentum_decay', momentum_decay)
        defaults = {'lr': lr, 'betas': betas, 'eps': eps, 'weight_decay': weight_decay,
                    'momentum_decay': momentum_decay, 'decoupled_weight_decay': decoupled_weight_decay,
                    'maximize': maximize, 'foreach': foreach, 'capturable': capturable,
                    'differentiable': differentiable}
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault('maximize', False)
            group.setdefault('foreach', None)
            group.setdefault('capturable', False)
            group.setdefault('differentiable', False)
            group.setdefault('decoupled_weight_decay', False)
            for p in group['params']:
                p_state = self.state.get(p, [])
                if len(p_state) == 0:
                    continue
                for key in ('step', 'mu_product'):
                    if not torch.is_tensor(p_state[key]):
                        value = float(p_state[key]) if key == 'step' else p_state[key]
                        if group['capturable']:
                            p_state[key] = torch.tensor(value, dtype=_get_scalar_dtype(), device=p.device)
                        else:
                            p_state[key] = torch.tensor(value, dtype=_get_scalar_dtype())

    def _init_group(self, group, params_with_grad, grads, exp_avgs, exp_avg_sqs, mu_products, state_steps):
        has_complex = False
        for p in group['params']:
            if p.grad is None:
                continue
            has_complex |= torch.is_complex(p)
            params_with_grad.append(p)
            if p.grad.is_sparse:
                raise RuntimeError('NAdam does not support sparse gradients')
            grads.append(p.grad)
            state = self.state[p]
            if len(state) == 0:
                state['step'] = _new_step(group['capturable'], p)
                if group['capturable']:
                    state['mu_product'] = torch.ones((), dtype=_get_scalar_dtype(), device=p.device)
                else:
                    state['mu_product'] = torch.tensor(1.0, dtype=_get_scalar_dtype())
                state['exp_avg'] = torch.zeros_like(p, memory_format=torch.preserve_format)
                state['exp_avg_sq'] = torch.zeros_like(p, memory_format=torch.preserve_format)
            exp_avgs.append(state['exp_avg'])
            exp_avg_sqs.append(state['exp_avg_sq'])
            mu_products.append(state['mu_product'])
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
            params_with_grad = []
            grads = []
            exp_avgs = []
            exp_avg_sqs = []
            mu_products = []
            state_steps = []
            beta1, beta2 = group['betas']
            has_complex = self._init_group(group, params_with_grad, grads, exp_avgs, exp_avg_sqs, mu_products,
                                           state_steps)
            nadam(params_with_grad, grads, exp_avgs, exp_avg_sqs, mu_products, state_steps, beta1=beta1,
                  beta2=beta2, lr=group['lr'], weight_decay=group['weight_decay'],
                  momentum_decay=group['momentum_decay'], eps=group['eps'], maximize=group['maximize'],
                  decoupled_weight_decay=group['decoupled_weight_decay'], foreach=group['foreach'],
                  capturable=group['capturable'], differentiable=group['differentiable'],
                  has_complex=has_complex)
        return loss


def nadam(params, grads, exp_avgs, exp_avg_sqs, mu_products, state_steps, decoupled_weight_decay=False,
          foreach=None, capturable=False, differentiable=False, has_complex=False, maximize=False, *, beta1,
          beta2, lr, weight_decay, momentum_decay, eps):
    if not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError('API has changed, `state_steps` argument must contain a list of singleton tensors')
    _check_singleton_tensors(mu_products, 'mu_products')
    if foreach and not has_complex:
        for p, mp, step in zip(params, mu_products, state_steps):
            if capturable:
                _check_nadam_capturable(p, mp, step)
        if differentiable:
            raise AssertionError("_foreach ops don't support autograd")
        from torch.optim._foreach_nadam_radam import multi_tensor_nadam
        multi_tensor_nadam(params, grads, exp_avgs, exp_avg_sqs, mu_products, state_steps, beta1=beta1,
                           beta2=beta2, lr=lr, weight_decay=weight_decay, momentum_decay=momentum_decay, eps=eps,
                           decoupled_weight_decay=decoupled_weight_decay, maximize=maximize,
                           capturable=capturable, differentiable=differentiable)
        return
    lr = _to_scalar(lr)
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]
        exp_avg = exp_avgs[i]
        exp_avg_sq = exp_avg_sqs[i]
        mu_product = mu_products[i]
        step_t = state_steps[i]
        if torch.is_complex(param):
            param = torch.view_as_real(param)
            grad = torch.view_as_real(grad)
            exp_avg = torch.view_as_real(exp_avg)
            exp_avg_sq = torch.view_as_real(exp_avg_sq)
        if capturable:
            _check_nadam_capturable(param, mu_product, step_t)
        step_t += 1
        step = step_t if capturable else _get_value(step_t)
        bias_correction2 = 1 - beta2 ** step
        if weight_decay != 0:
            if decoupled_weight_decay:
                param.mul_(1 - lr * weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * momentum_decay)))
        mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
        mu_product *= mu
        exp_avg.lerp_(grad, 1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        denom = exp_avg_sq.div(bias_correction2).sqrt()
        if differentiable or capturable:
            denom = denom.add(eps)
            mu_product_next = mu_product * mu_next
            grad = grad * (-lr * (1.0 - mu) / (1.0 - mu_product))
            exp_avg = exp_avg * (-lr * mu_next / (1.0 - mu_product_next))
            param.addcdiv_(grad, denom)
            param.addcdiv_(exp_avg, denom)
        else:
            mu_product_next = _get_value(mu_product) * mu_next
            denom.add_(eps)
            param.addcdiv_(grad, denom, value=(-lr * (1.0 - mu) / (1.0 - _get_value(mu_product))))
            param.addcdiv_(exp_avg, denom, value=((-lr * mu_next) / (1.0 - mu_product_next)))


def _check_nadam_capturable(param, mu_product, step_t):
    devices = ['cuda', 'xpu', 'hpu', 'privateuseone', 'xla']
    if not (param.device.type == mu_product.device.type == step_t.device.type and param.device.type in devices):
        raise AssertionError('If capturable=True, params, mu_products and state_steps must be '
                             f'on supported devices: {devices}.')
