"""Helpers torch.nn.functional shares (torch.nn.modules.utils' _pair and
friends, torch._jit_internal's boolean_dispatch, the __torch_function__
queries F re-exports), written for backstep's F."""

import torch
import _backstep_nn_ops


def _ntuple(n, name):
    def parse(x):
        if isinstance(x, (list, tuple)):
            return tuple(x)
        return tuple([x] * n)
    parse.__name__ = name
    return parse


_single = _ntuple(1, '_single')
_pair = _ntuple(2, '_pair')
_triple = _ntuple(3, '_triple')


def _list_with_default(out_size, defaults):
    # adaptive pools: None in output_size keeps the input's size there.
    if isinstance(out_size, int):
        return out_size
    if len(defaults) <= len(out_size):
        raise ValueError(f'Input dimension should be at least {len(out_size) + 1}')
    tail = defaults[-len(out_size):]
    return [d if v is None else v for v, d in zip(out_size, tail)]


def boolean_dispatch(arg_name, arg_index, default, if_true, if_false, module_name, func_name):
    """One name for two functions, chosen by a bool argument (F.max_pool2d
    returns indices only with return_indices=True)."""
    def fn(*args, **kwargs):
        flag = default
        if arg_name in kwargs:
            flag = kwargs[arg_name]
        elif arg_index < len(args):
            flag = args[arg_index]
        if flag:
            return if_true(*args, **kwargs)
        return if_false(*args, **kwargs)
    fn.__doc__ = if_true.__doc__ or if_false.__doc__
    fn.__module__ = module_name
    fn.__name__ = func_name
    return fn


# backstep has no __torch_function__ subclasses: nothing overrides.
def has_torch_function(relevant_args):
    return False


def has_torch_function_unary(input):
    return False


def has_torch_function_variadic(*args):
    return False


def handle_torch_function(public_api, relevant_args, *args, **kwargs):
    raise TypeError('no implementation found for torch function overrides')


def assert_int_or_pair(arg, arg_name, message):
    if not (isinstance(arg, int) or len(arg) == 2):
        raise AssertionError(message.format(arg_name))


def _broadcast_shapes(*shapes):
    """torch.broadcast_shapes (PyTorch writes it in Python), with its error."""
    result = [1] * max(len(s) for s in shapes)
    for index, shape in enumerate(shapes):
        shape = tuple(shape)
        for i in range(-1, -1 - len(shape), -1):
            if shape[i] == 1 or shape[i] == result[i]:
                continue
            if result[i] != 1:
                raise RuntimeError(f'Attempting to broadcast a dimension of length {shape[i]} at {i}! Mismatching '
                                   f'argument at index {index} had {shape}; but expected shape should be '
                                   f'broadcastable to {result}')
            result[i] = shape[i]
    return torch.Size(result)
