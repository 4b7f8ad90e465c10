"""torch.optim.SparseAdam: Adam for sparse gradients (nn.Embedding(...,
sparse=True)); only the rows the gradient touches are updated, with PyTorch
2.15's arithmetic. Note [sparse updates]: PyTorch adds a sparse tensor with
the gradient's (coalesced, hence unique) indices to the dense state; adding
the same values at the same indices with index_put_(accumulate=True) does
the same additions element by element."""
import math

import torch
from torch.optim.optimizer import Optimizer, _to_scalar

__all__ = ['SparseAdam']


class SparseAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, maximize=False):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
        if not 0.0 < lr:
            raise ValueError(f'Invalid learning rate: {lr}')
        if not 0.0 < eps:
            raise ValueError(f'Invalid epsilon value: {eps}')
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f'Invalid beta parameter at index 0: {betas[0]}')
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f'Invalid beta parameter at index 1: {betas[1]}')
        super().__init__(params, {'lr': lr, 'betas': betas, 'eps': eps, 'maximize': maximize})
        sparse_params, complex_params = [], []
        for index, group in enumerate(self.param_groups):
            for d_index, p in enumerate(group['params']):
                if p.is_sparse:
                    sparse_params.append([index, d_index])
                if p.is_complex():
                    complex_params.append([index, d_index])
        if sparse_params:
            raise ValueError(f'Sparse params at indices {sparse_params}: SparseAdam requires dense parameter tensors')
        if complex_params:
            raise ValueError(f'Complex params at indices {complex_params}: SparseAdam does not support complex parameters')

    def step(self, closure=None):
        """Performs a single optimization step."""
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        with torch.no_grad():
            for group in self.param_groups:
                self._step_group(group)
        return loss

    def _step_group(self, group):
        beta1, beta2 = group['betas']
        for p in group['params']:
            if p.grad is None:
                continue
            if not p.grad.is_sparse:
                raise RuntimeError('SparseAdam does not support dense gradients, please consider Adam instead')
            state = self.state[p]
            if len(state) == 0:
                state['step'] = 0
                state['exp_avg'] = torch.zeros_like(p, memory_format=torch.preserve_format)
                state['exp_avg_sq'] = torch.zeros_like(p, memory_format=torch.preserve_format)
            state['step'] += 1
            _sparse_adam_update(p, p.grad, state['exp_avg'], state['exp_avg_sq'], state['step'], eps=group['eps'],
                                beta1=beta1, beta2=beta2, lr=_to_scalar(group['lr']), maximize=group['maximize'])


def _sparse_adam_update(param, grad, exp_avg, exp_avg_sq, step, *, eps, beta1, beta2, lr, maximize):
    grad = grad if not maximize else -grad
    grad = grad.coalesce()
    indices = grad._indices()
    values = grad._values()
    if values.numel() == 0:
        return
    where = tuple(indices)  # Note [sparse updates]
    old_exp_avg_values = exp_avg.sparse_mask(grad)._values()
    exp_avg_update_values = values.sub(old_exp_avg_values).mul_(1 - beta1)
    exp_avg.index_put_(where, exp_avg_update_values, accumulate=True)
    old_exp_avg_sq_values = exp_avg_sq.sparse_mask(grad)._values()
    exp_avg_sq_update_values = values.pow(2).sub_(old_exp_avg_sq_values).mul_(1 - beta2)
    exp_avg_sq.index_put_(where, exp_avg_sq_update_values, accumulate=True)
    numer = exp_avg_update_values.add_(old_exp_avg_values)
    exp_avg_sq_update_values.add_(old_exp_avg_sq_values)
    denom = exp_avg_sq_update_values.sqrt_().add_(eps)
    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step
    step_size = lr * math.sqrt(bias_correction2) / bias_correction1
    param.index_put_(where, -step_size * numer.div_(denom), accumulate=True)
