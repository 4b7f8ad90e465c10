"""torch.utils.checkpoint: trade compute for memory by recomputing a
function's intermediate values during backward instead of saving them.

Written from PyTorch's documented semantics:
- use_reentrant=False (recommended): the function runs once with
  saved-tensor hooks that save nothing but a placeholder; the first unpack
  during a backward re-runs the function (grad mode on, the graph it builds
  thrown away) and hands the recomputed values to the original nodes. The
  graph is the function's own graph, node for node, as in PyTorch.
- use_reentrant=True (PyTorch's default when not passed, with a warning):
  a custom Function, CheckpointFunctionBackward, that runs the function
  without a graph, and in its backward re-runs it with one and runs a
  nested backward through it.
"""
import functools
import warnings

import torch
import _backstep_function as _bf

__all__ = ["checkpoint", "checkpoint_sequential", "CheckpointError", "CheckpointFunction",
           "detach_variable", "noop_context_fn"]


class CheckpointError(RuntimeError):
    pass


def noop_context_fn():
    return _NullContext(), _NullContext()


class _NullContext:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def detach_variable(inputs):
    if isinstance(inputs, tuple):
        out = []
        for inp in inputs:
            if not isinstance(inp, torch.Tensor):
                out.append(inp)
                continue
            x = inp.detach()
            x.requires_grad = inp.requires_grad
            out.append(x)
        return tuple(out)
    raise RuntimeError(
        "Only tuple of tensors is supported. Got Unsupported input type: ",
        type(inputs).__name__,
    )


def _get_rng_state():
    # torch.get_rng_state(): the CPU generator's state (no CUDA state: a
    # checkpointed function on a GPU does not get its GPU draws replayed yet).
    return _bf.cpu_rng_state()


def _set_rng_state(state):
    if state is not None:
        _bf.set_cpu_rng_state(state)


class CheckpointFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
        ctx.run_function = run_function
        ctx.preserve_rng_state = preserve_rng_state
        if preserve_rng_state:
            ctx.fwd_cpu_state = _get_rng_state()
        ctx.inputs = []
        ctx.tensor_indices = []
        tensor_inputs = []
        for i, arg in enumerate(args):
            if isinstance(arg, torch.Tensor):
                tensor_inputs.append(arg)
                ctx.tensor_indices.append(i)
                ctx.inputs.append(None)
            else:
                ctx.inputs.append(arg)
        ctx.save_for_backward(*tensor_inputs)
        with torch.no_grad():
            outputs = run_function(*args)
        return outputs

    @staticmethod
    def backward(ctx, *args):
        inputs = list(ctx.inputs)
        tensor_indices = ctx.tensor_indices
        tensors = ctx.saved_tensors
        for i, idx in enumerate(tensor_indices):
            inputs[idx] = tensors[i]
        if ctx.preserve_rng_state:
            saved_state = _get_rng_state()
            _set_rng_state(ctx.fwd_cpu_state)
        detached_inputs = detach_variable(tuple(inputs))
        try:
            with torch.enable_grad():
                outputs = ctx.run_function(*detached_inputs)
        finally:
            if ctx.preserve_rng_state:
                _set_rng_state(saved_state)
        if isinstance(outputs, torch.Tensor):
            outputs = (outputs,)
        outputs_with_grad = []
        args_with_grad = []
        for i in range(len(outputs)):
            if isinstance(outputs[i], torch.Tensor) and outputs[i].requires_grad:
                outputs_with_grad.append(outputs[i])
                args_with_grad.append(args[i])
        if len(outputs_with_grad) == 0:
            raise RuntimeError(
                "none of output has requires_grad=True,"
                " this checkpoint() is not necessary"
            )
        torch.autograd.backward(outputs_with_grad, args_with_grad)
        grads = tuple(
            inp.grad if isinstance(inp, torch.Tensor) else None
            for inp in detached_inputs
        )
        return (None, None) + grads


# Non-reentrant checkpointing.

class _Holder:
    """What the original forward saves in place of a tensor."""

    def __init__(self, index):
        self.index = index
        self.unpacked = {}  # backward id -> True once handed out


class _StopRecomputationError(Exception):
    pass


class _Frame:
    """One checkpointed call: its inputs, its placeholders, and what each
    backward recomputed for them."""

    def __init__(self, recompute_fn, early_stop):
        self.recompute_fn = recompute_fn
        self.early_stop = early_stop
        self.saved_args = []
        self.holders = 0
        self.recomputed = {}  # backward id -> {holder index: tensor}

    def pack(self, x):
        holder = _Holder(self.holders)
        self.holders += 1
        return holder

    def recompute(self, gid):
        values = {}
        self.recomputed[gid] = values
        frame = self

        def pack_again(x):
            x = x.detach() if x.requires_grad else x
            values[len(values)] = x
            if frame.early_stop and len(values) == frame.holders:
                raise _StopRecomputationError()
            return x

        def unpack_again(x):
            return x

        try:
            with torch.autograd.graph.saved_tensors_hooks(pack_again, unpack_again):
                with torch.enable_grad():
                    self.recompute_fn(*self.saved_args)
        except _StopRecomputationError:
            pass
        if len(values) != self.holders:
            raise CheckpointError(
                "torch.utils.checkpoint: A different number of tensors was saved "
                "during the original forward and recomputation.\n"
                f"Number of tensors saved during forward: {self.holders}\n"
                f"Number of tensors saved during recomputation: {len(values)}.\n"
            )

    def unpack(self, holder):
        gid = _bf.graph_task_id()
        if gid == -1:
            gid = ("outside", id(holder), len(self.recomputed))
        if gid not in self.recomputed:
            self.recompute(gid)
        if holder.unpacked.get(gid):
            raise CheckpointError(
                "torch.utils.checkpoint: Unpack is being triggered for a tensor that was already "
                "unpacked once. If you are calling ctx.saved_tensors in backward, make sure "
                "to do so only once. Otherwise please open an issue with details on your use case."
            )
        holder.unpacked[gid] = True
        # Handed over once: the backward's saved value holds it from now on.
        return self.recomputed[gid].pop(holder.index)


_allowed_determinism_checks = ("default", "none")


def _checkpoint_without_reentrant(function, args, kwargs, preserve_rng_state, context_fn, determinism_check,
                                  early_stop):
    if determinism_check not in _allowed_determinism_checks:
        raise ValueError(
            f"determinism_check should be one of {list(_allowed_determinism_checks)}, "
            f"but got {determinism_check}"
        )
    forward_context, recompute_context = context_fn()
    fwd_cpu_state = _get_rng_state() if preserve_rng_state else None

    def recompute_fn(*inputs):
        saved_state = _get_rng_state() if preserve_rng_state else None
        _set_rng_state(fwd_cpu_state)
        try:
            with recompute_context:
                function(*inputs, **kwargs)
        finally:
            _set_rng_state(saved_state)

    if not torch.is_grad_enabled():
        return function(*args, **kwargs)
    frame = _Frame(recompute_fn, early_stop)
    frame.saved_args = list(args)
    with torch.autograd.graph.saved_tensors_hooks(frame.pack, frame.unpack):
        with forward_context:
            return function(*args, **kwargs)


def checkpoint(function=None, *args, use_reentrant=None, preserve_rng_state=True, context_fn=noop_context_fn,
               determinism_check="default", debug=False, early_stop=True, **kwargs):
    """Checkpoint a model or part of the model: run `function(*args)`
    without keeping its intermediate values, recomputing them in backward."""
    if function is None and not args:
        if kwargs:
            raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
        return functools.partial(_make_checkpoint_wrapper, use_reentrant=use_reentrant,
                                 preserve_rng_state=preserve_rng_state, context_fn=context_fn,
                                 determinism_check=determinism_check, debug=debug, early_stop=early_stop)
    return _checkpoint_impl(function, args, kwargs, use_reentrant, preserve_rng_state, context_fn,
                            determinism_check, debug, early_stop)


def _make_checkpoint_wrapper(function, **options):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        return checkpoint(function, *args, **options, **kwargs)

    return wrapper


def _checkpoint_impl(function, args, kwargs, use_reentrant, preserve_rng_state, context_fn, determinism_check,
                     debug, early_stop):
    if use_reentrant is None:
        warnings.warn(
            "torch.utils.checkpoint: the use_reentrant parameter should be "
            "passed explicitly. In a future release, calling checkpoint "
            "without use_reentrant will raise an exception. use_reentrant=False is "
            "recommended, but if you need to preserve the current default "
            "behavior, you can pass use_reentrant=True. Refer to docs for more "
            "details on the differences between the two variants.",
            stacklevel=3,
        )
        use_reentrant = True
    if kwargs and use_reentrant:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
    if use_reentrant:
        if context_fn is not noop_context_fn or debug is not False:
            raise ValueError(
                "Passing `context_fn`, `debug`, or `respect_saved_tensors_hooks` "
                "is only supported when use_reentrant=False."
            )
        return CheckpointFunction.apply(function, preserve_rng_state, *args)
    return _checkpoint_without_reentrant(function, args, kwargs, preserve_rng_state, context_fn,
                                         determinism_check, early_stop)


def checkpoint_sequential(functions, segments, input, use_reentrant=None, **kwargs):
    """Checkpoint a sequence of functions (or an nn.Sequential) in segments."""
    if use_reentrant is None:
        warnings.warn(
            "torch.utils.checkpoint.checkpoint_sequential: the use_reentrant "
            "parameter should be passed explicitly. "
            "In a future release, we will raise an exception if use_reentrant "
            "is not passed. use_reentrant=False is "
            "recommended, but if you need to preserve the current default "
            "behavior, you can pass use_reentrant=True. Refer to docs for more "
            "details on the differences between the two variants.", stacklevel=2
        )
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))

    def run_function(start, end, functions):
        def forward(input):
            for j in range(start, end + 1):
                input = functions[j](input)
            return input

        return forward

    if hasattr(functions, "children"):
        functions = list(functions.children())
    segment_size = len(functions) // segments
    end = -1
    for start in range(0, segment_size * (segments - 1), segment_size):
        end = start + segment_size - 1
        input = checkpoint(run_function(start, end, functions), input, use_reentrant=use_reentrant,
                           preserve_rng_state=preserve)
    return run_function(end + 1, len(functions) - 1, functions)(input)
