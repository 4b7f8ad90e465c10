"""torch.optim.LBFGS: limited-memory BFGS over all parameters flattened into
one vector, with a closure that re-evaluates the loss, fixed steps or the
strong-Wolfe line search (_line_search.py). The history lives in the state
of the first parameter, as PyTorch keeps it."""
import torch
from torch.optim.optimizer import Optimizer, _to_scalar
from torch.optim._line_search import strong_wolfe

__all__ = ['LBFGS']


class LBFGS(Optimizer):
    def __init__(self, params, lr=1, max_iter=20, max_eval=None, tolerance_grad=1e-7, tolerance_change=1e-9,
                 history_size=100, line_search_fn=None, *, maximize=False):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
        if not 0.0 <= lr:
            raise ValueError(f'Invalid learning rate: {lr}')
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        defaults = {'lr': lr, 'max_iter': max_iter, 'max_eval': max_eval, 'tolerance_grad': tolerance_grad,
                    'tolerance_change': tolerance_change, 'history_size': history_size,
                    'line_search_fn': line_search_fn, 'maximize': maximize}
        super().__init__(params, defaults)
        if len(self.param_groups) != 1:
            raise ValueError("LBFGS doesn't support per-parameter options (parameter groups)")
        self._params = self.param_groups[0]['params']
        self._numel_cache = None

    def _numel(self):
        if self._numel_cache is None:
            self._numel_cache = sum(2 * p.numel() if torch.is_complex(p) else p.numel() for p in self._params)
        return self._numel_cache

    def _gather_flat_grad(self):
        views = []
        for p in self._params:
            if p.grad is None:
                view = p.new_zeros(p.numel())
            elif p.grad.is_sparse:
                view = p.grad.to_dense().view(-1)
            else:
                view = p.grad.view(-1)
            if torch.is_complex(view):
                view = torch.view_as_real(view).view(-1)
            views.append(view)
        flat_grad = torch.cat(views, 0)
        if self.param_groups[0].get('maximize', False):
            flat_grad.neg_()
        return flat_grad

    def _add_grad(self, step_size, update):
        offset = 0
        for p in self._params:
            if torch.is_complex(p):
                p = torch.view_as_real(p)
            numel = p.numel()
            p.add_(update[offset:offset + numel].view_as(p), alpha=step_size)
            offset += numel
        if offset != self._numel():
            raise AssertionError(f'Expected offset {offset} to equal {self._numel()}')

    def _clone_param(self):
        return [p.clone(memory_format=torch.contiguous_format) for p in self._params]

    def _set_param(self, params_data):
        for p, pdata in zip(self._params, params_data):
            p.copy_(pdata)

    def _directional_evaluate(self, closure, x, t, d):
        self._add_grad(t, d)
        loss = float(_call_with_grad(closure))
        if self.param_groups[0].get('maximize', False):
            loss = -loss
        flat_grad = self._gather_flat_grad()
        self._set_param(x)
        return loss, flat_grad

    def step(self, closure):
        """Performs a single optimization step (closure: re-evaluates the model and returns the loss)."""
        if len(self.param_groups) != 1:
            raise AssertionError(f'Expected exactly one param_group, but got {len(self.param_groups)}')
        with torch.no_grad():
            if len(self._params) == 0:
                return _call_with_grad(closure)
            return _lbfgs_step(self, closure)


def _call_with_grad(closure):
    with torch.enable_grad():
        return closure()


class _History:
    """LBFGS's memory between iterations and steps (kept in the state)."""

    def __init__(self, state):
        self.d = state.get('d')
        self.t = state.get('t')
        self.old_dirs = state.get('old_dirs')
        self.old_stps = state.get('old_stps')
        self.ro = state.get('ro')
        self.H_diag = state.get('H_diag')
        self.prev_flat_grad = state.get('prev_flat_grad')
        self.prev_loss = state.get('prev_loss')

    def save(self, state):
        state['d'] = self.d
        state['t'] = self.t
        state['old_dirs'] = self.old_dirs
        state['old_stps'] = self.old_stps
        state['ro'] = self.ro
        state['H_diag'] = self.H_diag
        state['prev_flat_grad'] = self.prev_flat_grad
        state['prev_loss'] = self.prev_loss


def _direction(h, state, flat_grad, history_size):
    """The L-BFGS direction: the two-loop recursion over the stored pairs."""
    if state['n_iter'] == 1:
        h.d = flat_grad.neg()
        h.old_dirs = []
        h.old_stps = []
        h.ro = []
        h.H_diag = 1
        return
    y = flat_grad.sub(h.prev_flat_grad)
    s = h.d.mul(h.t)
    ys = y.dot(s)
    if ys > 1e-10:
        if len(h.old_dirs) == history_size:
            h.old_dirs.pop(0)
            h.old_stps.pop(0)
            h.ro.pop(0)
        h.old_dirs.append(y)
        h.old_stps.append(s)
        h.ro.append(1.0 / ys)
        h.H_diag = ys / y.dot(y)
    num_old = len(h.old_dirs)
    if 'al' not in state:
        state['al'] = [None] * history_size
    al = state['al']
    q = flat_grad.neg()
    for i in range(num_old - 1, -1, -1):
        al[i] = h.old_stps[i].dot(q) * h.ro[i]
        q.add_(h.old_dirs[i], alpha=-al[i])
    h.d = r = torch.mul(q, h.H_diag)
    for i in range(num_old):
        be_i = h.old_dirs[i].dot(r) * h.ro[i]
        r.add_(h.old_stps[i], alpha=al[i] - be_i)


def _lbfgs_step(self, closure):
    group = self.param_groups[0]
    lr = _to_scalar(group['lr'])
    max_iter = group['max_iter']
    max_eval = group['max_eval']
    tolerance_grad = group['tolerance_grad']
    tolerance_change = group['tolerance_change']
    line_search_fn = group['line_search_fn']
    maximize = group.get('maximize', False)
    state = self.state[self._params[0]]
    state.setdefault('func_evals', 0)
    state.setdefault('n_iter', 0)
    orig_loss = _call_with_grad(closure)
    loss = -float(orig_loss) if maximize else float(orig_loss)
    current_evals = 1
    state['func_evals'] += 1
    flat_grad = self._gather_flat_grad()
    if flat_grad.abs().max() <= tolerance_grad:
        return orig_loss
    h = _History(state)
    n_iter = 0
    while n_iter < max_iter:
        n_iter += 1
        state['n_iter'] += 1
        _direction(h, state, flat_grad, group['history_size'])
        if h.prev_flat_grad is None:
            h.prev_flat_grad = flat_grad.clone(memory_format=torch.contiguous_format)
        else:
            h.prev_flat_grad.copy_(flat_grad)
        h.prev_loss = loss
        if state['n_iter'] == 1:
            h.t = min(1.0, 1.0 / flat_grad.abs().sum()) * lr
        else:
            h.t = lr
        gtd = flat_grad.dot(h.d)
        if gtd > -tolerance_change:
            break
        ls_func_evals = 0
        if line_search_fn is not None:
            if line_search_fn != 'strong_wolfe':
                raise RuntimeError("only 'strong_wolfe' is supported")
            x_init = self._clone_param()

            def obj_func(x, t, d):
                return self._directional_evaluate(closure, x, t, d)
            loss, flat_grad, h.t, ls_func_evals = strong_wolfe(obj_func, x_init, h.t, h.d, loss, flat_grad, gtd,
                                                               max_ls=max_eval - current_evals)
            self._add_grad(h.t, h.d)
            opt_cond = flat_grad.abs().max() <= tolerance_grad
        else:
            self._add_grad(h.t, h.d)
            if n_iter != max_iter:
                loss = _call_with_grad(closure)
                loss = -float(loss) if maximize else float(loss)
                flat_grad = self._gather_flat_grad()
                opt_cond = flat_grad.abs().max() <= tolerance_grad
                ls_func_evals = 1
        current_evals += ls_func_evals
        state['func_evals'] += ls_func_evals
        if n_iter == max_iter:
            break
        if current_evals >= max_eval:
            break
        if opt_cond:
            break
        if h.d.mul(h.t).abs().max() <= tolerance_change:
            break
        if abs(loss - h.prev_loss) < tolerance_change:
            break
    h.save(state)
    return orig_loss
