"""torch.autograd.Function: custom differentiable operations.

The language's half; the native half is `_backstep_function`
(engine/api/function_api.cpp), which makes the graph node (named
`<Class>Backward`, as PyTorch names it), runs the forward with grad mode
off, attaches the outputs and keeps the saved tensors. Written from
PyTorch's documented semantics (torch/autograd/function.py).
"""
import functools
import warnings

import torch
import _backstep_function as _bf

__all__ = ["FunctionCtx", "BackwardCFunction", "Function", "once_differentiable", "InplaceFunction", "NestedIOFunction"]


class FunctionCtx:
    """What forward (or setup_context) records on `ctx` for backward."""

    # Read by apply after the forward: the defaults when the ctx never set them.
    to_save = ()
    dirty_tensors = ()
    non_differentiable = ()
    materialize_grads = True

    def save_for_backward(self, *tensors):
        self.to_save = tensors

    def save_for_forward(self, *tensors):
        self.saved_for_forward = tensors

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        self.materialize_grads = value


class BackwardCFunction(FunctionCtx):
    """The ctx of one apply, which is also the graph node (y.grad_fn)."""

    _cdata = None  # the node, set by apply

    def apply(self, *args):
        cls = self._forward_cls
        backward_fn = cls.backward
        vjp_fn = cls.vjp
        if backward_fn is not Function.backward and vjp_fn is not Function.vjp:
            raise RuntimeError(
                "Implementing both 'backward' and 'vjp' for a custom "
                "Function is not allowed. You should only implement one "
                "of them."
            )
        user_fn = vjp_fn if vjp_fn is not Function.vjp else backward_fn
        return user_fn(self, *args)

    @property
    def saved_tensors(self):
        return _bf.saved_tensors(self)

    @property
    def saved_variables(self):
        return _bf.saved_tensors(self)

    # The rest of torch.autograd.graph.Node: name(), next_functions,
    # metadata, register_hook, register_prehook.
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(_bf.node(self), name)


class Function:
    """Base class of custom autograd operations: subclass it, write static
    `forward` and `backward` methods, and call `MyFn.apply(...)`."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # The node's class, named as PyTorch's FunctionMeta names it.
        cls._backward_cls = type(
            cls.__name__ + "Backward",
            (BackwardCFunction,),
            {"_forward_cls": cls, "__module__": "torch.autograd.function"},
        )
        # apply calls forward(ctx, *args), or forward(*args) then setup_context.
        cls._backstep_setup_context = cls.setup_context is not Function.setup_context

    def __init__(self, *args, **kwargs):
        warnings.warn(
            f"{self.__class__} should not be instantiated. Methods on autograd functions "
            "are all static, so you should invoke them on the class itself. "
            "Instantiating an autograd function will raise an error in a future version of PyTorch.",
            DeprecationWarning,
            stacklevel=2,
        )

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            "Legacy autograd function with non-static forward method is deprecated. "
            "Please use new-style autograd function with static forward method. "
            "(Example: https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)"
        )

    @staticmethod
    def forward(*args, **kwargs):
        raise NotImplementedError(
            "You must implement the forward function for custom autograd.Function."
        )

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError(
            "You must implement either the backward or vjp method for "
            "your custom autograd.Function to use it with backward "
            "mode AD."
        )

    vjp = backward

    @staticmethod
    def jvp(ctx, *grad_inputs):
        raise NotImplementedError(
            "You must implement the jvp function for custom "
            "autograd.Function to use it with forward mode AD."
        )

    apply = classmethod(_bf.apply)


class InplaceFunction(Function):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace


def once_differentiable(fn):
    """The backward it decorates runs without recording a graph; its results
    then fail when differentiated again."""

    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with torch.no_grad():
            outputs = fn(ctx, *args)
        if not torch.is_grad_enabled():
            return outputs
        requires_grad = any(isinstance(arg, torch.Tensor) and arg.requires_grad for arg in args)
        if not requires_grad:
            return outputs
        if not isinstance(outputs, tuple):
            outputs = (outputs,)
        return _bf.delayed_error(
            "trying to differentiate twice a function that was marked with @once_differentiable", outputs
        )

    return wrapper


class NestedIOFunction(Function):
    pass
