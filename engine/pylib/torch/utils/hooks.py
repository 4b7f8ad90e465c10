"""torch.utils.hooks: RemovableHandle and BackwardHook, which runs a module's
full backward hooks and pre-hooks.

Note [Full backward hooks]: the module's tensor inputs pass through one
BackwardHookFunction and its outputs through another, so the graph holds a
BackwardHookFunctionBackward node on each side, as in PyTorch. The output
node's hook sees grad_output first (and runs the pre-hooks, which may
replace it); the input node's hook then sees grad_input and runs the full
hooks, which may replace it. When no input requires grad, there is no input
node and the full hooks run from the output node with grad_input all None.
"""
import warnings

import torch
from torch.nn.modules._hooks import RemovableHandle

__all__ = ['RemovableHandle', 'BackwardHook']


def _spread(indices, values, size):
    """A tuple of `size` Nones with values placed at indices."""
    out = [None] * size
    for i, v in zip(indices, values):
        out[i] = v
    return tuple(out)


def _gather(indices, values):
    return tuple(values[i] for i in indices)


class BackwardHook:
    """One module call's full backward hooks and pre-hooks (Note [Full backward hooks])."""

    def __init__(self, module, user_hooks, user_pre_hooks):
        self.module = module
        self.user_hooks = user_hooks
        self.user_pre_hooks = user_pre_hooks
        self.grad_outputs = None
        self.n_outputs = -1
        self.output_tensors_index = None
        self.n_inputs = -1
        self.input_tensors_index = None

    def _wrap_tensors(self, args, attach):
        """args with their tensors passed through one BackwardHookFunction,
        and the positions of those tensors; args unchanged and None when no
        tensor requires grad or grad mode is off."""
        positions = [i for i, a in enumerate(args) if isinstance(a, torch.Tensor)]
        tensors = [args[i] for i in positions]
        if not (any(t.requires_grad for t in tensors) and torch.is_grad_enabled()):
            return args, None
        from torch.nn.modules._functions import BackwardHookFunction
        wrapped = BackwardHookFunction.apply(*tensors)
        if len(wrapped) == 0:
            raise RuntimeError('Cannot set Module backward hook for a Module with no input Tensors.')
        nodes = [t.grad_fn for t in wrapped
                 if t.grad_fn is not None and t.grad_fn.name() == 'BackwardHookFunctionBackward']
        if not nodes:
            raise RuntimeError('Error while setting up backward hooks. Please open '
                               'an issue with a code sample to reproduce this.')
        attach(nodes[0])
        items = list(args)
        for i, t in zip(positions, wrapped):
            items[i] = t
        return (tuple(items) if type(args) is tuple else type(args)(*items)), positions

    def setup_input_hook(self, args):
        args, positions = self._wrap_tensors(args, self._attach_input_hook)
        self.n_inputs = len(args)
        self.input_tensors_index = positions
        return args

    def setup_output_hook(self, result):
        single = not isinstance(result, tuple)
        outputs = (result,) if single else result
        outputs, positions = self._wrap_tensors(outputs, self._attach_output_hook)
        self.n_outputs = len(outputs)
        self.output_tensors_index = positions
        return outputs[0] if single else outputs

    def _attach_input_hook(self, node):
        def on_grad_input(grad_input, _grad_output):
            if self.grad_outputs is None:
                # The gradient reached the inputs without passing the outputs
                # (double backward, say): nothing to report.
                return None
            grads = _spread(self.input_tensors_index, grad_input, self.n_inputs)
            for user_hook in self.user_hooks:
                replaced = user_hook(self.module, grads, self.grad_outputs)
                if replaced is None:
                    continue
                if len(replaced) != len(grads):
                    raise RuntimeError('Backward hook returned an invalid number of grad_input, '
                                       f'got {len(replaced)}, but expected {len(grads)}')
                grads = replaced
            self.grad_outputs = None
            return _gather(self.input_tensors_index, grads)

        node.register_hook(on_grad_input)

    def _attach_output_hook(self, node):
        def on_grad_output(_grad_input, grad_output):
            self.grad_outputs = _spread(self.output_tensors_index, grad_output, self.n_outputs)
            expected = len(self.grad_outputs)
            for pre_hook in self.user_pre_hooks:
                replaced = pre_hook(self.module, self.grad_outputs)
                if replaced is None:
                    continue
                if len(replaced) != expected:
                    raise RuntimeError('Backward pre hook returned an invalid number of grad_output, '
                                       f'got {len(replaced)}, but expected {expected}')
                self.grad_outputs = replaced
            grad_outputs = self.grad_outputs
            if self.input_tensors_index is None:
                self._fire_without_inputs()
            if grad_outputs is not None:
                return _gather(self.output_tensors_index, grad_outputs)
            return None

        node.register_hook(on_grad_output)

    def _fire_without_inputs(self):
        """No input requires grad: the full hooks run now, grad_input all None."""
        if self.user_hooks:
            warnings.warn('Full backward hook is firing when gradients are computed '
                          'with respect to module outputs since no inputs require gradients. See '
                          'https://docs.pytorch.org/docs/main/generated/torch.nn.Module.html'
                          '#torch.nn.Module.register_full_backward_hook for more details.',
                          stacklevel=3)  # the caller of backward(), as PyTorch's 5 frames reach
            grad_inputs = _spread([], [], self.n_inputs)
            for user_hook in self.user_hooks:
                res = user_hook(self.module, grad_inputs, self.grad_outputs)
                if res is not None and not (isinstance(res, tuple) and all(g is None for g in res)):
                    raise RuntimeError('Backward hook for Modules where no input requires '
                                       'gradient should always return None or None for all gradients.')
        self.grad_outputs = None
