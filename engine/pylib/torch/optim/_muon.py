"""torch.optim.Muon: momentum (Nesterov by default) orthogonalized by a
Newton-Schulz iteration in bfloat16, decoupled weight decay, for 2-D
parameters only; PyTorch 2.15's operators in its order, so results are
bit-identical. See docs/optim_functional.md."""
import math

import torch
from torch.optim.optimizer import Optimizer, _to_scalar

__all__ = ['Muon', 'muon']

EPS = 1e-7
DEFAULT_A = 3.4445
DEFAULT_B = -4.7750
DEFAULT_C = 2.0315
DEFAULT_NS_STEPS = 5
_LR_ADJUSTMENTS = ('original', 'match_rms_adamw', 'spectral_unclamped')


def _zeropower_via_newtonschulz(grad, ns_coefficients, ns_steps, eps):
    """An approximate orthogonalization of the 2-D `grad` (U S' V^T with S'
    near 1) by `ns_steps` quintic Newton-Schulz iterations in bfloat16,
    worked on the wide orientation."""
    if ns_steps >= 100:
        raise ValueError('Number of steps must be less than 100 for computational efficiency')
    if len(grad.shape) != 2:
        raise ValueError('Input tensor gradient must be a 2D matrix')
    if len(ns_coefficients) != 3:
        raise ValueError('Coefficients must be a tuple of exactly 3 values')
    a, b, c = ns_coefficients
    tall = grad.size(0) > grad.size(1)
    x = grad.to(dtype=torch.bfloat16, copy=True)
    if tall:
        x = x.T
    x.div_(x.norm().clamp(min=eps))  # spectral norm at most 1
    for _ in range(ns_steps):
        gram = x @ x.T
        poly = torch.addmm(gram, gram, gram, beta=b, alpha=c)
        x = torch.addmm(x, poly, x, beta=a)
    return x.T if tall else x


def _adjust_lr(lr, adjust_lr_fn, param_shape):
    rows, cols = param_shape[:2]
    if adjust_lr_fn is None or adjust_lr_fn == 'original':
        ratio = math.sqrt(max(1, rows / cols))
    elif adjust_lr_fn == 'match_rms_adamw':
        ratio = 0.2 * math.sqrt(max(rows, cols))
    elif adjust_lr_fn == 'spectral_unclamped':
        ratio = math.sqrt(rows / cols)
    else:
        ratio = 1.0
    return lr * ratio


class Muon(Optimizer):
    def __init__(self, params, lr=1e-3, weight_decay=0.1, momentum=0.95, nesterov=True,
                 ns_coefficients=(DEFAULT_A, DEFAULT_B, DEFAULT_C), eps=EPS, ns_steps=DEFAULT_NS_STEPS,
                 adjust_lr_fn=None):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
        if not 0.0 <= lr:
            raise ValueError(f'Learning rate should be >= 0 but is: {lr}')
        if not 0.0 <= momentum:
            raise ValueError(f'momentum should be >= 0 but is: {momentum}')
        if not 0.0 <= weight_decay:
            raise ValueError(f'weight decay should be >= 0 but is: {weight_decay}')
        if adjust_lr_fn is not None and adjust_lr_fn not in _LR_ADJUSTMENTS:
            raise ValueError(f'Adjust learning rate function {adjust_lr_fn} is not supported')
        defaults = {'lr': lr, 'weight_decay': weight_decay, 'momentum': momentum, 'nesterov': nesterov,
                    'ns_coefficients': ns_coefficients, 'eps': eps, 'ns_steps': ns_steps,
                    'adjust_lr_fn': adjust_lr_fn}
        super().__init__(params, defaults)
        for group in self.param_groups:
            for p in group['params']:
                if p.ndim != 2:
                    raise ValueError('Muon only supports 2D parameters whereas we found a parameter with size: '
                                     f'{p.size()}')

    def _init_group(self, group, params_with_grad, grads, muon_momentum_bufs):
        for p in group['params']:
            if p.grad is None:
                continue
            if torch.is_complex(p):
                raise RuntimeError('Muon does not support complex parameters')
            if p.grad.is_sparse:
                raise RuntimeError('Muon does not support sparse gradients')
            params_with_grad.append(p)
            grads.append(p.grad)
            state = self.state[p]
            if 'momentum_buffer' not in state:
                state['momentum_buffer'] = torch.zeros_like(p.grad, memory_format=torch.preserve_format)
            muon_momentum_bufs.append(state['momentum_buffer'])
        return False

    def step(self, closure=None):
        """Performs a single optimization step."""
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        with torch.no_grad():
            for group in self.param_groups:
                params_with_grad, grads, bufs = [], [], []
                has_complex = self._init_group(group, params_with_grad, grads, bufs)
                muon(params_with_grad, grads, bufs, lr=group['lr'], weight_decay=group['weight_decay'],
                     momentum=group['momentum'], nesterov=group['nesterov'],
                     ns_coefficients=group['ns_coefficients'], eps=group['eps'], ns_steps=group['ns_steps'],
                     adjust_lr_fn=group['adjust_lr_fn'], has_complex=has_complex)
        return loss


def muon(params, grads, muon_momentum_bufs, *, foreach=None, lr, weight_decay, momentum, nesterov,
         ns_coefficients, ns_steps, eps, adjust_lr_fn, has_complex):
    if foreach:
        raise RuntimeError('Foreach is not supported for Muon yet')
    lr = _to_scalar(lr)
    if has_complex:
        raise ValueError('Complex parameters are not supported')
    for param, grad, buf in zip(params, grads, muon_momentum_bufs):
        if grad.ndim != 2:
            raise ValueError('Param gradient must be a 2D matrix')
        buf.lerp_(grad, 1 - momentum)
        update = grad.lerp(buf, momentum) if nesterov else buf
        update = _zeropower_via_newtonschulz(update, ns_coefficients, ns_steps, eps)
        adjusted_lr = _adjust_lr(lr, adjust_lr_fn, param.shape)
        param.mul_(1 - lr * weight_decay)
        param.add_(update, alpha=-adjusted_lr)
