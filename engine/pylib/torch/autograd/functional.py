"""torch.autograd.functional: jacobian, hessian, vjp, jvp, hvp, vhp.

Reverse-mode AD only, through torch.autograd.grad, with the double-backward
trick for jvp and hvp -- the same autograd calls PyTorch's implementation
makes, so results, graphs (create_graph=True) and error messages are
PyTorch's. Written from PyTorch's documented semantics.

vectorize=True computes every row in one backward with batched gradients
(torch.autograd.grad's is_grads_batched), as PyTorch does; forward-mode
strategies are refused, as everywhere else in backstep.
"""
import torch

__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]


def _tensors_of(value, arg_name, fn_name):
    """(was it a tuple, the value as a tuple of tensors), checking types."""
    was_tuple = isinstance(value, tuple)
    items = value if was_tuple else (value,)
    for i, el in enumerate(items):
        if isinstance(el, torch.Tensor):
            continue
        if was_tuple:
            raise TypeError(
                f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors but the"
                f" value at index {i} has type {type(el)}."
            )
        raise TypeError(
            f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors but the"
            f" given {arg_name} has type {type(el)}."
        )
    return was_tuple, items


def _unwrap(res, was_tuple):
    """Undo the tuple wrapping: `was_tuple` is a flag, or (outer, inner)
    flags for a tuple of tuples."""
    if isinstance(was_tuple, tuple):
        outer, inner = was_tuple
        if not inner:
            res = tuple(row[0] for row in res)
        if not outer:
            res = res[0]
        return res
    return res if was_tuple else res[0]


def _prepare(inputs, create_graph, need_graph):
    """Fresh graph roots for the inputs: a view when the caller's graph must
    reach through them (create_graph), else detached copies."""
    out = []
    for inp in inputs:
        if create_graph and inp.requires_grad:
            out.append(inp.view_as(inp) if not inp.is_sparse else inp.clone())
        else:
            out.append(inp.detach().requires_grad_(need_graph))
    return tuple(out)


def _finish(values, create_graph):
    if isinstance(values[0], torch.Tensor):
        return values if create_graph else tuple(v.detach() for v in values)
    return tuple(_finish(v, create_graph) for v in values)


def _check_v(v, other, other_was_tuple):
    if len(v) != len(other):
        if other_was_tuple:
            raise RuntimeError(f"v is a tuple of invalid length: should be {len(other)} but got {len(v)}.")
        raise RuntimeError("The given v should contain a single Tensor.")
    for idx in range(len(v)):
        if v[idx].size() != other[idx].size():
            prefix = f"Entry {idx} in " if other_was_tuple else ""
            raise RuntimeError(
                f"{prefix}v has invalid size: should be {other[idx].size()} but got {v[idx].size()}."
            )


_STRICT_REQUIRES_GRAD = {
    "hessian": (
        "The hessian of the user-provided function with respect to input {i}"
        " is independent of the input. This is not allowed in strict mode."
        " You should ensure that your function is thrice differentiable and that"
        " the hessian depends on the inputs."
    ),
    "jacobian": (
        "While computing the hessian, found that the jacobian of the user-provided"
        " function with respect to input {i} is independent of the input. This is not"
        " allowed in strict mode. You should ensure that your function is twice"
        " differentiable and that the jacobian depends on the inputs (this would be"
        " violated by a linear function for example)."
    ),
    "grad_inputs": (
        "The gradient with respect to input {i} is independent of the inputs of the"
        " user-provided function. This is not allowed in strict mode."
    ),
    "outputs": (
        "Output {i} of the user-provided function does not require gradients."
        " The outputs must be computed in a differentiable manner from the input"
        " when running in strict mode."
    ),
}


def _strict_requires_grad(values, kind, strict):
    if not strict:
        return
    for i, value in enumerate(values):
        if value is None:
            raise RuntimeError(
                f"The output of the user-provided function is independent of input {i}."
                " This is not allowed in strict mode."
            )
        if not value.requires_grad:
            raise RuntimeError(_STRICT_REQUIRES_GRAD[kind].format(i=i))


def _grad(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None, is_grads_batched=False):
    """torch.autograd.grad over the outputs that require grad; None for every
    input when none does."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    kept, kept_grads = [], []
    for out, g in zip(outputs, grad_outputs):
        if out is not None and out.requires_grad:
            kept.append(out)
            kept_grads.append(g)
    if not kept:
        return (None,) * len(inputs)
    return torch.autograd.grad(tuple(kept), inputs, tuple(kept_grads), allow_unused=True,
                               create_graph=create_graph, retain_graph=retain_graph,
                               is_grads_batched=is_grads_batched)


_STRICT_NONE = {
    "back": "The output of the user-provided function is independent of input {i}. This is not allowed in strict mode.",
    "back_trick": (
        "The gradient with respect to the input is independent of entry {i}"
        " in the grad_outputs when using the double backward trick to compute"
        " forward mode gradients. This is not allowed in strict mode."
    ),
    "double_back": (
        "The jacobian of the user-provided function is independent of "
        "input {i}. This is not allowed in strict mode."
    ),
    "double_back_trick": (
        "The hessian of the user-provided function is independent of "
        "entry {i} in the grad_jacobian. This is not allowed in strict "
        "mode as it prevents from using the double backward trick to "
        "replace forward mode AD."
    ),
}


def _zeros_for_none(grads, refs, strict, create_graph, stage):
    out = []
    for i, g in enumerate(grads):
        if g is None:
            if strict:
                raise RuntimeError(_STRICT_NONE[stage].format(i=i))
            g = torch.zeros_like(refs[i])
        elif strict and create_graph and not g.requires_grad:
            what = "hessian" if "double" in stage else "jacobian"
            raise RuntimeError(
                f"The {what} of the user-provided function is independent of "
                f"input {i}. This is not allowed in strict mode when create_graph=True."
            )
        out.append(g)
    return tuple(out)


def _single_element_v_check(v, tensors, message):
    if v is None and (len(tensors) != 1 or tensors[0].nelement() != 1):
        raise RuntimeError(message)


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T J): a vector-Jacobian product."""
    with torch.enable_grad():
        inputs_tuple, inputs = _tensors_of(inputs, "inputs", "vjp")
        inputs = _prepare(inputs, create_graph, True)
        outputs_tuple, outputs = _tensors_of(func(*inputs), "outputs of the user-provided function", "vjp")
        _strict_requires_grad(outputs, "outputs", strict)
        if v is not None:
            _, v = _tensors_of(v, "v", "vjp")
            v = _prepare(v, create_graph, False)
            _check_v(v, outputs, outputs_tuple)
        else:
            _single_element_v_check(v, outputs, "The vector v can only be None if the user-provided function "
                                    "returns a single Tensor with a single element.")
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        result = _zeros_for_none(_grad(outputs, inputs, v, create_graph=create_graph), inputs, strict,
                                 create_graph, "back")
    return (_unwrap(_finish(outputs, create_graph), outputs_tuple),
            _unwrap(_finish(result, create_graph), inputs_tuple))


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), J v): a Jacobian-vector product, by the double
    backward trick."""
    with torch.enable_grad():
        inputs_tuple, inputs = _tensors_of(inputs, "inputs", "jvp")
        inputs = _prepare(inputs, create_graph, True)
        if v is not None:
            _, v = _tensors_of(v, "v", "jvp")
            v = _prepare(v, create_graph, False)
            _check_v(v, inputs, inputs_tuple)
        else:
            _single_element_v_check(v, inputs, "The vector v can only be None if the input to the user-provided "
                                    "function is a single Tensor with a single element.")
        outputs_tuple, outputs = _tensors_of(func(*inputs), "outputs of the user-provided function", "jvp")
        _strict_requires_grad(outputs, "outputs", strict)
        dummy = tuple(torch.zeros_like(out, requires_grad=True) for out in outputs)
        grad_inputs = _grad(outputs, inputs, dummy, create_graph=True)
        _strict_requires_grad(grad_inputs, "grad_inputs", strict)
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        result = _zeros_for_none(_grad(grad_inputs, dummy, v, create_graph=create_graph), outputs, strict,
                                 create_graph, "back_trick")
    return (_unwrap(_finish(outputs, create_graph), outputs_tuple),
            _unwrap(_finish(result, create_graph), outputs_tuple))


def _no_forward_mode(strategy, expected):
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError(expected)
    if strategy == "forward-mode":
        raise NotImplementedError("backstep: forward-mode AD is not supported; use strategy=\"reverse-mode\"")


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    """The Jacobian of func at inputs: one row per output element."""
    _no_forward_mode(strategy, 'Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
                     'function has more outputs than inputs, "forward-mode" tends to be more performant. '
                     'Otherwise, prefer to use "reverse-mode".')
    with torch.enable_grad():
        inputs_tuple, inputs = _tensors_of(inputs, "inputs", "jacobian")
        inputs = _prepare(inputs, create_graph, True)
        outputs_tuple, outputs = _tensors_of(func(*inputs), "outputs of the user-provided function", "jacobian")
        _strict_requires_grad(outputs, "outputs", strict)
        if vectorize and strict:
            raise RuntimeError(
                "torch.autograd.functional.jacobian: `strict=True` "
                "and `vectorized=True` are not supported together. "
                "Please either set `strict=False` or "
                "`vectorize=False`."
            )
        if vectorize:
            return _unwrap(_jacobian_vectorized(outputs, inputs, create_graph), (outputs_tuple, inputs_tuple))
        blocks = []
        for i, out in enumerate(outputs):
            rows = tuple([] for _ in inputs)
            flat = out.reshape(-1)
            for j in range(out.nelement()):
                grads = _grad((flat[j],), inputs, retain_graph=True, create_graph=create_graph)
                for k in range(len(inputs)):
                    g = grads[k]
                    if g is None:
                        if strict:
                            raise RuntimeError(
                                f"Output {i} of the user-provided function is "
                                f"independent of input {k}. This is not allowed in "
                                "strict mode."
                            )
                        g = torch.zeros_like(inputs[k])
                    elif strict and create_graph and not g.requires_grad:
                        raise RuntimeError(
                            "The jacobian of the user-provided function is "
                            f"independent of input {i}. This is not allowed in "
                            "strict mode when create_graph=True."
                        )
                    rows[k].append(g)
            blocks.append(tuple(torch.stack(rows[k], dim=0).view(out.size() + inputs[k].size())
                                for k in range(len(inputs))))
        return _unwrap(_finish(tuple(blocks), create_graph), (outputs_tuple, inputs_tuple))


def _standard_basis(flat_outputs, numels):
    """One row per element of all the outputs together: rows of the
    identity, split into a block per output (what each grad_output is)."""
    total = sum(numels)
    blocks = tuple(out.new_zeros(total, n) for out, n in zip(flat_outputs, numels))
    start = 0
    for block, n in zip(blocks, numels):
        block.diagonal(start).fill_(1)
        start -= n
    return blocks


def _jacobian_vectorized(outputs, inputs, create_graph):
    """Every row of the Jacobian from one backward with batched gradients
    (Note [Batched gradients] in engine/api/batched_grads.h), as PyTorch's
    vectorize=True does; blocks indexed [output][input]."""
    flat_outputs = tuple(out.reshape(-1) for out in outputs)
    numels = tuple(out.numel() for out in outputs)
    basis = _standard_basis(flat_outputs, numels)
    per_input = list(_grad(flat_outputs, inputs, basis, create_graph=create_graph, is_grads_batched=True))
    for k, g in enumerate(per_input):
        if g is None:
            per_input[k] = torch.zeros_like(inputs[k]).expand((sum(numels),) + inputs[k].shape)
    by_input = []
    for g, inp in zip(per_input, inputs):
        by_input.append([part.view(out.shape + inp.shape) for part, out in zip(g.split(numels, dim=0), outputs)])
    blocks = tuple(zip(*by_input))
    return _finish(blocks, create_graph)


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    """The Hessian of a scalar function at inputs."""
    inputs_tuple, inputs = _tensors_of(inputs, "inputs", "hessian")
    _no_forward_mode(outer_jacobian_strategy, 'Expected strategy to be either "forward-mode" or "reverse-mode".')

    def scalar_func(*inp):
        out = func(*inp)
        out_tuple, outs = _tensors_of(out, "outputs of the user-provided function", "hessian")
        _strict_requires_grad(outs, "outputs", strict)
        if out_tuple or not isinstance(out, torch.Tensor):
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should contain a single element")
        return out.squeeze()

    def gradient_func(*inp):
        jac = jacobian(scalar_func, inp, create_graph=True)
        _strict_requires_grad(jac, "jacobian", strict)
        return jac

    res = jacobian(gradient_func, inputs, create_graph=create_graph, strict=strict, vectorize=vectorize)
    return _unwrap(res, (inputs_tuple, inputs_tuple))


def _scalar_output(func, inputs, name, strict):
    outputs_tuple, outputs = _tensors_of(func(*inputs), "outputs of the user-provided function", name)
    _strict_requires_grad(outputs, "outputs", strict)
    if outputs_tuple or not isinstance(outputs[0], torch.Tensor):
        raise RuntimeError(f"The function given to {name} should return a single Tensor")
    if outputs[0].nelement() != 1:
        raise RuntimeError(f"The Tensor returned by the function given to {name} should contain a single element")
    return outputs_tuple, outputs


def _inputs_and_v(inputs, v, create_graph, name):
    inputs_tuple, inputs = _tensors_of(inputs, "inputs", name)
    inputs = _prepare(inputs, create_graph, True)
    if v is not None:
        _, v = _tensors_of(v, "v", name)
        v = _prepare(v, create_graph, False)
        _check_v(v, inputs, inputs_tuple)
    else:
        _single_element_v_check(v, inputs, "The vector v can only be None if the input to the user-provided "
                                "function is a single Tensor with a single element.")
    return inputs_tuple, inputs, v


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T H) for a scalar function."""
    with torch.enable_grad():
        inputs_tuple, inputs, v = _inputs_and_v(inputs, v, create_graph, "vhp")
        outputs_tuple, outputs = _scalar_output(func, inputs, "vhp", strict)
        jac = _grad(outputs, inputs, create_graph=True)
        _strict_requires_grad(jac, "jacobian", strict)
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        result = _zeros_for_none(_grad(jac, inputs, v, create_graph=create_graph), inputs, strict, create_graph,
                                 "double_back")
    return (_unwrap(_finish(outputs, create_graph), outputs_tuple),
            _unwrap(_finish(result, create_graph), inputs_tuple))


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), H v) for a scalar function, by the double backward
    trick."""
    with torch.enable_grad():
        inputs_tuple, inputs, v = _inputs_and_v(inputs, v, create_graph, "hvp")
        outputs_tuple, outputs = _scalar_output(func, inputs, "hvp", strict)
        jac = _grad(outputs, inputs, create_graph=True)
        _strict_requires_grad(jac, "jacobian", strict)
        dummy = tuple(torch.zeros_like(inp, requires_grad=True) for inp in inputs)
        double_back = _grad(jac, inputs, dummy, create_graph=True)
        _strict_requires_grad(jac, "hessian", strict)
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        result = _zeros_for_none(_grad(double_back, dummy, v, create_graph=create_graph), inputs, strict,
                                 create_graph, "double_back_trick")
    return (_unwrap(_finish(outputs, create_graph), outputs_tuple),
            _unwrap(_finish(result, create_graph), inputs_tuple))
