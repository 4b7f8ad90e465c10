"""The strong-Wolfe line search LBFGS uses (line_search_fn='strong_wolfe'):
bracketing then zooming with cubic interpolation, as PyTorch 2.15 (after
torch7's lswolfe.lua) computes it, so the same closure evaluations happen
at the same step sizes."""
import torch


def cubic_interpolate(x1, f1, g1, x2, f2, g2, bounds=None):
    """The minimiser of the cubic through two points with their function
    values and derivatives, clamped to bounds (default: between them)."""
    if bounds is not None:
        xmin_bound, xmax_bound = bounds
    else:
        xmin_bound, xmax_bound = (x1, x2) if x1 <= x2 else (x2, x1)
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    d2_square = d1 ** 2 - g1 * g2
    if d2_square >= 0:
        d2 = d2_square.sqrt()
        if x1 <= x2:
            min_pos = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
        else:
            min_pos = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
        return min(max(min_pos, xmin_bound), xmax_bound)
    return (xmin_bound + xmax_bound) / 2.0


class _Bracket:
    """The interval [t0, t1] with f, g and g·d at both ends."""

    def __init__(self, t, f, g, gtd):
        self.t = t
        self.f = f
        self.g = g
        self.gtd = gtd


def _bracket_phase(obj_func, x, t, d, f, g, gtd, c1, c2, max_ls):
    f_new, g_new = obj_func(x, t, d)
    evals = 1
    gtd_new = g_new.dot(d)
    t_prev, f_prev, g_prev, gtd_prev = 0, f, g, gtd
    ls_iter = 0
    while ls_iter < max_ls:
        if f_new > (f + c1 * t * gtd) or (ls_iter > 1 and f_new >= f_prev):
            return _Bracket([t_prev, t], [f_prev, f_new], [g_prev, g_new.clone(memory_format=torch.contiguous_format)],
                            [gtd_prev, gtd_new]), False, ls_iter, evals, t, f_new, g_new
        if abs(gtd_new) <= -c2 * gtd:
            return _Bracket([t], [f_new], [g_new], None), True, ls_iter, evals, t, f_new, g_new
        if gtd_new >= 0:
            return _Bracket([t_prev, t], [f_prev, f_new], [g_prev, g_new.clone(memory_format=torch.contiguous_format)],
                            [gtd_prev, gtd_new]), False, ls_iter, evals, t, f_new, g_new
        min_step = t + 0.01 * (t - t_prev)
        max_step = t * 10
        tmp = t
        t = cubic_interpolate(t_prev, f_prev, gtd_prev, t, f_new, gtd_new, bounds=(min_step, max_step))
        t_prev = tmp
        f_prev = f_new
        g_prev = g_new.clone(memory_format=torch.contiguous_format)
        gtd_prev = gtd_new
        f_new, g_new = obj_func(x, t, d)
        evals += 1
        gtd_new = g_new.dot(d)
        ls_iter += 1
    return _Bracket([0, t], [f, f_new], [g, g_new], None), False, ls_iter, evals, t, f_new, g_new


def strong_wolfe(obj_func, x, t, d, f, g, gtd, c1=1e-4, c2=0.9, tolerance_change=1e-9, max_ls=25):
    d_norm = d.abs().max()
    g = g.clone(memory_format=torch.contiguous_format)
    b, done, ls_iter, evals, t, f_new, g_new = _bracket_phase(obj_func, x, t, d, f, g, gtd, c1, c2, max_ls)
    insuf_progress = False
    low_pos, high_pos = (0, 1) if b.f[0] <= b.f[-1] else (1, 0)
    while not done and ls_iter < max_ls:
        if abs(b.t[1] - b.t[0]) * d_norm < tolerance_change:
            break
        t = cubic_interpolate(b.t[0], b.f[0], b.gtd[0], b.t[1], b.f[1], b.gtd[1])
        t, insuf_progress = _keep_away_from_ends(b.t, t, insuf_progress)
        f_new, g_new = obj_func(x, t, d)
        evals += 1
        gtd_new = g_new.dot(d)
        ls_iter += 1
        if f_new > (f + c1 * t * gtd) or f_new >= b.f[low_pos]:
            _set_end(b, high_pos, t, f_new, g_new.clone(memory_format=torch.contiguous_format), gtd_new)
            low_pos, high_pos = (0, 1) if b.f[0] <= b.f[1] else (1, 0)
        else:
            if abs(gtd_new) <= -c2 * gtd:
                done = True
            elif gtd_new * (b.t[high_pos] - b.t[low_pos]) >= 0:
                _set_end(b, high_pos, b.t[low_pos], b.f[low_pos], b.g[low_pos], b.gtd[low_pos])
            _set_end(b, low_pos, t, f_new, g_new.clone(memory_format=torch.contiguous_format), gtd_new)
    return b.f[low_pos], b.g[low_pos], b.t[low_pos], evals


def _set_end(b, pos, t, f, g, gtd):
    b.t[pos] = t
    b.f[pos] = f
    b.g[pos] = g
    b.gtd[pos] = gtd


def _keep_away_from_ends(bracket, t, insuf_progress):
    """A trial point too close to an end of the bracket moves to 10% of its
    length away from it (after an insufficient-progress step, or at an end)."""
    eps = 0.1 * (max(bracket) - min(bracket))
    if min(max(bracket) - t, t - min(bracket)) < eps:
        if insuf_progress or t >= max(bracket) or t <= min(bracket):
            if abs(t - max(bracket)) < abs(t - min(bracket)):
                t = max(bracket) - eps
            else:
                t = min(bracket) + eps
            return t, False
        return t, True
    return t, False
