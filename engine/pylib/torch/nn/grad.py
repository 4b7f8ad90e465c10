"""torch.nn.grad: the gradient of a convolution with respect to its input or
its weight, given the gradient of its output. PyTorch calls the
convolution_backward kernel for one of the two; here the same kernel runs
through autograd: the convolution of a zero tensor of the wanted shape, and
torch.autograd.grad of it (the gradient of a convolution does not depend on
the values it is taken with respect to). As PyTorch's, the result is
differentiable (ConvolutionBackwardBackward0) when the tensors it comes from
require grad; its graph also holds an edge to the zero tensor, and the
call is a backward pass of its own (one a debugger or trace sees)."""
import torch
import torch.nn.functional as F

__all__ = ['conv1d_input', 'conv1d_weight', 'conv2d_input', 'conv2d_weight', 'conv3d_input', 'conv3d_weight']


def _differentiable(*tensors):
    return torch.is_grad_enabled() and any(t.requires_grad for t in tensors)


def _grad_input(conv, input_size, weight, grad_output, stride, padding, dilation, groups):
    create_graph = _differentiable(weight, grad_output)
    with torch.enable_grad():
        input = torch.zeros(tuple(input_size), dtype=grad_output.dtype, device=grad_output.device,
                            requires_grad=True)
        output = conv(input, weight, None, stride, padding, dilation, groups)
        return torch.autograd.grad(output, input, grad_output, create_graph=create_graph)[0]


def _grad_weight(conv, input, weight_size, grad_output, stride, padding, dilation, groups):
    create_graph = _differentiable(input, grad_output)
    with torch.enable_grad():
        weight = torch.zeros(tuple(weight_size), dtype=input.dtype, device=input.device, requires_grad=True)
        output = conv(input, weight, None, stride, padding, dilation, groups)
        return torch.autograd.grad(output, weight, grad_output, create_graph=create_graph)[0]


def conv1d_input(input_size, weight, grad_output, stride=1, padding=0, dilation=1, groups=1):
    return _grad_input(F.conv1d, input_size, weight, grad_output, stride, padding, dilation, groups)


def conv1d_weight(input, weight_size, grad_output, stride=1, padding=0, dilation=1, groups=1):
    return _grad_weight(F.conv1d, input, weight_size, grad_output, stride, padding, dilation, groups)


def conv2d_input(input_size, weight, grad_output, stride=1, padding=0, dilation=1, groups=1):
    return _grad_input(F.conv2d, input_size, weight, grad_output, stride, padding, dilation, groups)


def conv2d_weight(input, weight_size, grad_output, stride=1, padding=0, dilation=1, groups=1):
    return _grad_weight(F.conv2d, input, weight_size, grad_output, stride, padding, dilation, groups)


def conv3d_input(input_size, weight, grad_output, stride=1, padding=0, dilation=1, groups=1):
    return _grad_input(F.conv3d, input_size, weight, grad_output, stride, padding, dilation, groups)


def conv3d_weight(input, weight_size, grad_output, stride=1, padding=0, dilation=1, groups=1):
    return _grad_weight(F.conv3d, input, weight_size, grad_output, stride, padding, dilation, groups)
