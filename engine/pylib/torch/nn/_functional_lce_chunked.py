"""F.linear_cross_entropy's chunked path (options=LinearCrossEntropyOptions):
PyTorch 2.15 runs it as two custom ops whose autograd nodes are generated
Functions, so the loss's grad_fn is one node
(GeneratedBackwardFor_torch_nn__linear_cross_entropy_batch_chunked_defaultBackward,
or ..._no_reduction_defaultBackward) with an edge per tensor argument.
The batch is processed in row chunks; for 'mean'/'sum' the forward also
computes every gradient and the backward only scales them by the upstream
gradient, for 'none' the backward recomputes them. The arithmetic follows
the documented order of operations so the numbers match PyTorch's.
Written from PyTorch's documented semantics."""
import torch
from torch.autograd.function import Function


def _empty(shape, dtype, wanted, zero):
    # Unwanted gradients are rank-matching empty tensors, as PyTorch's are.
    shape = shape if wanted else (0,) * len(shape)
    return torch.zeros(shape, dtype=dtype) if zero else torch.empty(shape, dtype=dtype)


def _row_weights(target, mask, weight, dtype, reduction, grad_output=None):
    """Per-row scale of (onehot - softmax): -w[t]/sum(w[t]) for 'mean',
    -w[t] for 'sum', +w[t] for the 'none' loss, -w[t]*g for its backward;
    0 on ignored rows."""
    if weight is None:
        rows = (~mask).to(dtype)
    elif target.numel() > weight.numel():
        rows = torch.where(mask, 0, weight.to(dtype).index_select(0, target))
    else:
        rows = torch.where(mask, 0, weight.index_select(0, target).to(dtype))
    if reduction == 'mean':
        total = rows.sum()
        rows.div_(torch.where(total == 0, float('nan'), -total))
    elif reduction == 'sum':
        rows.neg_()
    elif grad_output is not None:
        rows.neg_().mul_(grad_output.to(rows.dtype))
    return rows


class _Chunked:
    """One call's state: which dtype each intermediate lives in, the gradient
    buffers and the chunk loop. With a wider accumulation dtype (fp16/bf16
    input, fp32 acc) the dtypes follow PyTorch's CPU rules, so each rounding
    happens where PyTorch's does."""

    def __init__(self, input, linear_weight, target, linear_bias, weight, reduction, ignore_index,
                 chunk, policy, acc_dtype, want_input, want_weight, want_bias, grad_output=None):
        self.prob = target.dtype.is_floating_point
        if self.prob:
            if target.dtype != input.dtype:
                raise TypeError('linear_cross_entropy: probability target dtype must match input dtype '
                                f'{input.dtype}, got {target.dtype}.')
        elif target.dtype != torch.int64:
            raise TypeError(f'linear_cross_entropy: target dtype must be torch.int64, got {target.dtype}.')
        dtype = input.dtype
        if dtype != acc_dtype and not (dtype in (torch.float16, torch.bfloat16) and acc_dtype == torch.float32):
            raise RuntimeError('linear_cross_entropy supports float32 acc_dtype with float16/bfloat16 inputs, '
                               f'but got {acc_dtype} acc_dtype and {dtype} inputs.')
        self.dtype, self.acc = dtype, acc_dtype
        self.mixed = mixed = dtype != acc_dtype
        compact = policy == 'compact'
        half = dtype == torch.float16
        # The loss accumulates in fp32 only for fp16 (bf16 has fp32's range);
        # 'compact' keeps the input gradient (and fp16's logits) narrow.
        out_dt = acc_dtype if mixed and half else dtype
        self.gi_dt = dtype if not mixed or compact else acc_dtype
        self.lg_dt = lg_dt = dtype if not mixed or (half and compact) else acc_dtype
        self.n, self.features = input.shape
        self.classes = linear_weight.shape[0]
        self.reduction, self.chunk, self.grad_output = reduction, chunk, grad_output
        self.want = (want_input, want_weight, want_bias)
        self.x = input
        # A wide copy of each input chunk, for the forward product when the
        # logits are wide and for the weight gradient.
        self.x_wide = mixed and (want_weight or dtype != lg_dt)
        self.w = linear_weight.to(lg_dt)
        self.b = None if linear_bias is None else linear_bias.to(lg_dt)
        self.class_weight = weight
        # A separate weight-gradient product per chunk, or one addmm_ into
        # the gradient itself ('compact' with narrow logits).
        self.scratch = want_weight and not (compact and lg_dt == dtype)
        self.bias_scratch = want_bias and mixed
        self.gi_scratch = want_input and self.gi_dt != lg_dt
        if self.prob:
            self.t = target
            self.scale = (1.0 / self.n if self.n else float('nan')) if reduction == 'mean' else 1.0
        else:
            mask = target == ignore_index
            if ignore_index < 0 or ignore_index >= self.classes:
                target = torch.where(mask, 0, target)  # keeps index_select in range
            self.t = target
            self.rows = _row_weights(target, mask, weight, acc_dtype, reduction, grad_output)
        self.gi = _empty((self.n, self.features), self.gi_dt, want_input, False)
        self.gw = _empty(tuple(linear_weight.shape), dtype, want_weight, True)
        self.gb = _empty((self.classes,), dtype, want_bias, True)
        self.gb_wide = _empty((self.classes,), acc_dtype, self.bias_scratch, True)
        self.out = torch.zeros((), dtype=out_dt)

    def spans(self):
        for start in range(0, self.n, self.chunk):
            yield start, min(self.chunk, self.n - start)

    def inputs(self, start, size):
        x = self.x.narrow(0, start, size)
        return x, (x.to(self.acc) if self.x_wide else x)

    def logits(self, x, x_acc):
        # Shifted by each row's max so exp never overflows.
        fwd = x_acc if self.mixed and self.dtype != self.lg_dt else x
        z = torch.mm(fwd, self.w.T)
        if self.b is not None:
            z.add_(self.b)
        z.sub_(torch.amax(z, dim=1, keepdim=True))
        return z

    def sumexp(self, z):
        return z.exp_().sum(1, dtype=torch.float32 if self.dtype == torch.float16 else self.acc)

    def prob_targets(self, start, size):
        t = self.t.narrow(0, start, size)
        if self.class_weight is None and self.dtype == self.lg_dt and self.grad_output is None:
            return t
        if self.class_weight is not None:
            t = t * self.class_weight.to(self.lg_dt).unsqueeze(0)
        else:
            t = t.to(self.lg_dt, copy=True)
        if self.grad_output is not None:
            t.mul_(self.grad_output.narrow(0, start, size).unsqueeze(1))
        return t

    def losses(self):
        """reduction='none' forward: the per-row losses."""
        out = torch.empty(self.n, dtype=self.dtype)
        for start, size in self.spans():
            z = self.logits(*self.inputs(start, size))
            if self.prob:
                wt = self.prob_targets(start, size)
                s = wt.sum(1, dtype=self.acc)
                picked = torch.einsum('bv,bv->b', wt, z)
                loss = self.sumexp(z).log_().mul_(s).sub_(picked)
            else:
                t = self.t.narrow(0, start, size)
                picked = z.gather(1, t[:, None]).squeeze(1)
                loss = self.sumexp(z).log_().sub_(picked).mul_(self.rows.narrow(0, start, size))
            out.narrow(0, start, size).copy_(loss)
        return out

    def run(self):
        """The reduced loss and the gradients, chunk by chunk."""
        grads = any(self.want)
        if self.reduction == 'mean' and self.n == 0:
            self.out.fill_(float('nan'))
        for start, size in self.spans():
            x, x_acc = self.inputs(start, size)
            z = self.logits(x, x_acc)
            gi = self.gi.narrow(0, start, size) if self.want[0] else None
            gi_out = torch.empty((size, self.features), dtype=self.lg_dt) if self.gi_scratch else gi
            if self.prob:
                self.prob_chunk(z, x, x_acc, gi_out, start, size, grads)
            else:
                self.index_chunk(z, x, x_acc, gi_out, start, size, grads)
            if self.gi_scratch:
                gi.copy_(gi_out)
            if self.bias_scratch:
                self.gb.add_(self.gb_wide.to(self.dtype))
                self.gb_wide.zero_()
        return (self.out.to(self.dtype), self.gi.to(self.dtype), self.gw, self.gb)

    def scale_rows(self, z, s, denom):
        # z becomes s * softmax; the division rounds to the logits' dtype.
        z.mul_(torch.div(s, denom).to(self.lg_dt).unsqueeze(1))

    def wide(self, z):
        return z if self.lg_dt == self.acc else z.to(self.acc)

    def index_chunk(self, z, x, x_acc, gi, start, size, grads):
        t = self.t.narrow(0, start, size)
        s = self.rows.narrow(0, start, size)
        self.out.add_(s.dot(z.gather(1, t.unsqueeze(1)).squeeze(1).to(s.dtype)))
        denom = self.sumexp(z)
        if grads:
            self.scale_rows(z, s, denom)  # now -w * softmax
        self.out.sub_(s.to(denom.dtype).dot(denom.log_()))
        if not grads:
            return
        want_input, want_weight, want_bias = self.want
        if want_bias:
            acc = self.gb_wide if self.bias_scratch else self.gb
            acc.sub_(z.sum(0, dtype=self.acc if self.mixed else self.dtype))
            acc.index_add_(0, t, s)
        if want_input:
            torch.mul(torch.index_select(self.w, 0, t), s.to(gi.dtype).unsqueeze(1), out=gi)
            torch.addmm(gi, z, self.w, alpha=-1, out=gi)
        if want_weight:
            # The product comes first: with a wide copy, x_acc is then scaled in place.
            if self.scratch:
                part = torch.mm(self.wide(z).T, x_acc)
                part.index_add_(0, t, self.scaled(x_acc, s), alpha=-1)
                self.gw.sub_(part)
            else:
                self.gw.addmm_(z.T, x, alpha=-1)
                self.gw.index_add_(0, t, self.scaled(x_acc, s).to(self.gw.dtype), alpha=1)

    def scaled(self, x_acc, s):
        return x_acc.mul_(s.unsqueeze(1)) if self.mixed else x_acc * s.unsqueeze(1)

    def prob_chunk(self, z, x, x_acc, gi, start, size, grads):
        wt = self.prob_targets(start, size)
        scale = self.scale
        keep_loss = self.grad_output is None
        if keep_loss:
            if z.dtype == torch.float16:
                term = torch.einsum('bv,bv->b', wt, z).sum(dtype=torch.float32)
            else:
                term = torch.dot(wt.reshape(-1), z.reshape(-1))
            self.out.sub_(term, alpha=scale)
        s = wt.sum(1, dtype=self.acc)
        if scale != 1.0:
            s.mul_(scale)
        denom = self.sumexp(z)
        if grads:
            self.scale_rows(z, s, denom)
        if keep_loss:
            self.out.add_(s.to(denom.dtype).dot(denom.log_()))
        if not grads:
            return
        z.sub_(wt, alpha=scale)  # s * softmax - w*t, the logits' gradient
        want_input, want_weight, want_bias = self.want
        if want_bias:
            acc = self.gb_wide if self.bias_scratch else self.gb
            acc.add_(z.sum(0, dtype=self.acc if self.mixed else self.dtype))
        if want_input:
            torch.mm(z, self.w, out=gi)
        if want_weight:
            if self.scratch:
                self.gw.add_(torch.mm(self.wide(z).T, x_acc))
            else:
                self.gw.addmm_(z.T, x, alpha=1)


_TWICE = ('linear_cross_entropy chunked backward called twice; retain_graph=True / double backward are not '
          'supported.')
_PROB_GRAD = ('linear_cross_entropy chunked op: gradients w.r.t. a probability target are not supported on the '
              'chunked path; use options=None.')


class GeneratedBackwardFor_torch_nn__linear_cross_entropy_batch_chunked_default(Function):
    """'mean' / 'sum': outputs (loss, grad_input, grad_linear_weight,
    grad_linear_bias); the gradients wait on the ctx for the backward."""

    @staticmethod
    def forward(ctx, input, linear_weight, target, linear_bias, weight, reduction, ignore_index,
                label_smoothing, chunk, policy, acc_dtype, retain, want_input, want_weight, want_bias):
        if label_smoothing > 0.0:
            raise NotImplementedError('linear_cross_entropy does not support label smoothing')
        result = _Chunked(input, linear_weight, target, linear_bias, weight, reduction, ignore_index, chunk,
                          policy, acc_dtype, want_input, want_weight, want_bias).run()
        # Only the loss's gradient is used: unused outputs stay None.
        ctx.set_materialize_grads(False)
        ctx.retain = retain
        ctx.want = (want_input, want_weight, want_bias)
        ctx.grads = [g.detach() if w else None for g, w in zip(result[1:], ctx.want)]
        return result

    @staticmethod
    def backward(ctx, grad_output, _gi, _gw, _gb):
        result = [None] * 15
        if grad_output is None:
            return tuple(result)
        for slot, k in ((0, 0), (1, 1), (3, 2)):
            if not ctx.want[k]:
                continue
            if ctx.retain:
                result[slot] = ctx.grads[k] * grad_output
                continue
            # Scaled in place, so a second backward has nothing left.
            g = ctx.grads[k]
            ctx.grads[k] = None
            if g is None:
                raise RuntimeError(_TWICE)
            result[slot] = g.mul_(grad_output)
        return tuple(result)


class GeneratedBackwardFor_torch_nn__linear_cross_entropy_batch_chunked_no_reduction_default(Function):
    """'none': the per-row losses; the backward recomputes the gradients
    with the upstream gradient folded into each row's weight."""

    @staticmethod
    def forward(ctx, input, linear_weight, target, linear_bias, weight, ignore_index, chunk, policy, acc_dtype):
        losses = _Chunked(input, linear_weight, target, linear_bias, weight, 'none', ignore_index, chunk,
                          policy, acc_dtype, False, False, False).losses()
        ctx.save_for_backward(input.detach(), linear_weight.detach(), target,
                              None if linear_bias is None else linear_bias.detach(),
                              None if weight is None else weight.detach())
        ctx.args = (ignore_index, chunk, policy, acc_dtype)
        return losses

    @staticmethod
    def backward(ctx, grad_output):
        input, linear_weight, target, linear_bias, weight = ctx.saved_tensors
        needs = ctx.needs_input_grad
        if needs[2]:
            raise RuntimeError(_PROB_GRAD)
        want = (needs[0], needs[1], linear_bias is not None and needs[3])
        result = [None] * 9
        if not any(want):
            return tuple(result)
        ignore_index, chunk, policy, acc_dtype = ctx.args
        _, gi, gw, gb = _Chunked(input, linear_weight, target, linear_bias, weight, 'none', ignore_index, chunk,
                                 policy, acc_dtype, *want, grad_output=grad_output).run()
        for slot, k, g in ((0, 0, gi), (1, 1, gw), (3, 2, gb)):
            if want[k]:
                result[slot] = g
        return tuple(result)


def chunked(input, linear_weight, target, linear_bias, weight, reduction, ignore_index, options):
    """The loss through the chunked ops; `options` already concrete."""
    if reduction == 'none':
        return GeneratedBackwardFor_torch_nn__linear_cross_entropy_batch_chunked_no_reduction_default.apply(
            input, linear_weight, target, linear_bias, weight, ignore_index, options.batch_chunk_size,
            options.acc_policy, options.acc_dtype)
    grad = torch.is_grad_enabled()
    return GeneratedBackwardFor_torch_nn__linear_cross_entropy_batch_chunked_default.apply(
        input, linear_weight, target, linear_bias, weight, reduction, ignore_index, 0.0,
        options.batch_chunk_size, options.acc_policy, options.acc_dtype, options.allow_retain_graph,
        input.requires_grad and grad, linear_weight.requires_grad and grad,
        linear_bias is not None and linear_bias.requires_grad and grad)[0]
