"""torch.optim.SGD: stochastic gradient descent with momentum, dampening,
Nesterov momentum, weight decay and maximize; the single-tensor (for-loop)
implementation PyTorch runs by default on CPU and the foreach one."""
import torch
from torch.optim.optimizer import Optimizer, _set_group_defaults, _to_scalar, _use_grad_for_differentiable

__all__ = ['SGD', 'sgd']


class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False, fused=None):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
        if lr < 0.0:
            raise ValueError(f'Invalid learning rate: {lr}')
        if momentum < 0.0:
            raise ValueError(f'Invalid momentum value: {momentum}')
        if weight_decay < 0.0:
            raise ValueError(f'Invalid weight_decay value: {weight_decay}')
        defaults = {'lr': lr, 'momentum': momentum, 'dampening': dampening, 'weight_decay': weight_decay,
                    'nesterov': nesterov, 'maximize': maximize, 'foreach': foreach,
                    'differentiable': differentiable, 'fused': fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError('Nesterov momentum requires a momentum and zero dampening')
        super().__init__(params, defaults)
        if fused:
            self._step_supports_amp_scaling = True
            self._need_device_dtype_check_for_fused = True
            if differentiable:
                raise RuntimeError('`fused` does not support `differentiable`')
            if foreach:
                raise RuntimeError('`fused` and `foreach` cannot be `True` together.')

    def __setstate__(self, state):
        super().__setstate__(state)
        _set_group_defaults(self, nesterov=False, maximize=False, foreach=None, differentiable=False, fused=False)

    def _init_group(self, group, params, grads, momentum_buffer_list):
        has_sparse_grad = False
        with_momentum = group['momentum'] != 0
        fused = group['fused']
        state = self.state
        for p in group['params']:
            grad = p.grad
            if grad is not None:
                if fused and getattr(self, '_need_device_dtype_check_for_fused', True):
                    from torch.optim._fused import device_dtype_check_for_fused
                    device_dtype_check_for_fused(p)
                    self._need_device_dtype_check_for_fused = False
                params.append(p)
                grads.append(grad)
                if grad.is_sparse:
                    has_sparse_grad = True
                if with_momentum:
                    momentum_buffer_list.append(state[p].get('momentum_buffer'))
        return has_sparse_grad

    @_use_grad_for_differentiable
    def step(self, closure=None):
        """Performs a single optimization step."""
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            params = []
            grads = []
            momentum_buffer_list = []
            has_sparse_grad = self._init_group(group, params, grads, momentum_buffer_list)
            # Only a buffer sgd() creates (for a None) needs storing: writing
            # back the buffers state already holds changes nothing.
            new_buffers = group['momentum'] != 0 and None in momentum_buffer_list
            sgd(params, grads, momentum_buffer_list, weight_decay=group['weight_decay'],
                momentum=group['momentum'], lr=group['lr'], dampening=group['dampening'],
                nesterov=group['nesterov'], maximize=group['maximize'], has_sparse_grad=has_sparse_grad,
                foreach=group['foreach'], fused=group['fused'])
            if new_buffers:
                state = self.state
                for p, momentum_buffer in zip(params, momentum_buffer_list):
                    state[p]['momentum_buffer'] = momentum_buffer
        return loss


def sgd(params, d_p_list, momentum_buffer_list, has_sparse_grad=False, foreach=None, fused=None,
        grad_scale=None, found_inf=None, *, weight_decay, momentum, lr, dampening, nesterov, maximize):
    if fused:
        from torch.optim._fused import fused_sgd
        func = fused_sgd
    else:
        func = _multi_tensor_sgd if foreach else _single_tensor_sgd
    func(params, d_p_list, momentum_buffer_list, weight_decay=weight_decay, momentum=momentum, lr=lr,
         dampening=dampening, nesterov=nesterov, has_sparse_grad=has_sparse_grad, maximize=maximize)


def _single_tensor_sgd(params, grads, momentum_buffer_list, *, weight_decay, momentum, lr, dampening,
                       nesterov, maximize, has_sparse_grad):
    lr = _to_scalar(lr)
    lr_requires_grad = isinstance(lr, torch.Tensor) and lr.requires_grad
    wd_requires_grad = isinstance(weight_decay, torch.Tensor) and weight_decay.requires_grad
    # Note [Hoisted scalars]: PyTorch computes 1 - dampening and -lr inside
    # the loop; they are the same Python floats each time, so computing
    # them once changes no bit of the result and saves interpreter work.
    one_minus_dampening = 1 - dampening
    neg_lr = None if lr_requires_grad else -lr
    if (params and not has_sparse_grad and not isinstance(lr, torch.Tensor) and not isinstance(weight_decay, torch.Tensor)
            and (momentum == 0 or None not in momentum_buffer_list) and not torch.is_grad_enabled()
            and len(set(params)) == len(params)):
        _sgd_all_at_once(params, grads, momentum_buffer_list, weight_decay, momentum, neg_lr, one_minus_dampening,
                         nesterov, maximize)
        return
    i = 0
    for param in params:
        grad = grads[i] if not maximize else -grads[i]
        if weight_decay != 0:
            if wd_requires_grad:
                grad = grad.addcmul_(param.clone(), weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        if momentum != 0:
            buf = momentum_buffer_list[i]
            if buf is None:
                buf = grad.detach().clone()
                momentum_buffer_list[i] = buf
            else:
                buf.mul_(momentum).add_(grad, alpha=one_minus_dampening)
            if nesterov:
                grad = grad.add(buf, alpha=momentum)
            else:
                grad = buf
        if lr_requires_grad:
            param.addcmul_(grad, lr, value=-1)
        else:
            param.add_(grad, alpha=neg_lr)
        i += 1


def _sgd_all_at_once(params, grads, bufs, weight_decay, momentum, neg_lr, one_minus_dampening, nesterov,
                     maximize):
    """Note [SGD all at once]: the loop above runs, per parameter, the same
    elementwise operators (neg, add, mul_, add_) on that parameter's own
    tensors only. With no autograd to record, distinct parameters and
    existing buffers, running each operator over all parameters before the
    next one (torch._foreach_*, whose CPU kernels apply the same per-tensor
    operator in a loop) gives the same bits with three to six native calls
    in place of the interpreted loop. The first step (buffers still None),
    tensor lr / weight_decay, sparse gradients and differentiable=True take
    the loop."""
    if maximize:
        grads = torch._foreach_neg(grads)
    if weight_decay != 0:
        grads = torch._foreach_add(grads, params, alpha=weight_decay)
    if momentum != 0:
        torch._foreach_mul_(bufs, momentum)
        torch._foreach_add_(bufs, grads, alpha=one_minus_dampening)
        grads = torch._foreach_add(grads, bufs, alpha=momentum) if nesterov else bufs
    torch._foreach_add_(params, grads, alpha=neg_lr)


def _multi_tensor_sgd(params, grads, momentum_buffer_list, *, weight_decay, momentum, lr, dampening,
                      nesterov, maximize, has_sparse_grad):
    if len(params) == 0:
        return
    lr = _to_scalar(lr)
    # All CPU tensors of one dtype form one group; PyTorch groups by device
    # and dtype, which for a CPU model of one dtype is the whole list.
    if maximize:
        grads = torch._foreach_neg(grads)
    if weight_decay != 0:
        if maximize:
            torch._foreach_add_(grads, params, alpha=weight_decay)
        else:
            grads = torch._foreach_add(grads, params, alpha=weight_decay)
    if momentum != 0:
        if all(b is not None for b in momentum_buffer_list):
            bufs = list(momentum_buffer_list)
            torch._foreach_mul_(bufs, momentum)
            torch._foreach_add_(bufs, grads, alpha=1 - dampening)
        else:
            bufs = []
            for i in range(len(momentum_buffer_list)):
                buf = momentum_buffer_list[i]
                if buf is None:
                    buf = momentum_buffer_list[i] = grads[i].detach().clone()
                else:
                    buf.mul_(momentum).add_(grads[i], alpha=1 - dampening)
                bufs.append(buf)
        if nesterov:
            torch._foreach_add_(grads, bufs, alpha=momentum)
        else:
            grads = bufs
    if not has_sparse_grad:
        torch._foreach_add_(params, grads, alpha=-lr)
    else:
        for i in range(len(params)):
            params[i].add_(grads[i], alpha=-lr)
