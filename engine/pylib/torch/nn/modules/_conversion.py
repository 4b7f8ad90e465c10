"""Module._apply and the conversions built on it (to, cpu, cuda, float, ...),
bound into nn.Module's class body (module.py). Parameters keep their identity:
the converted tensor is set as the parameter's data (param.data = ...), as
PyTorch does by default."""
import torch


def _apply(self, fn, recurse=True):
    if recurse:
        for module in self.children():
            module._apply(fn)
    for key, param in self._parameters.items():
        if param is None:
            continue
        with torch.no_grad():
            param_applied = fn(param)
        param_grad = param.grad
        param.data = param_applied
        if param_grad is not None:
            with torch.no_grad():
                grad_applied = fn(param_grad)
            param.grad.data = grad_applied
    for key, buf in self._buffers.items():
        if buf is not None:
            self._buffers[key] = fn(buf)
    return self


def _parse_to(args, kwargs):
    """(device, dtype, non_blocking) from to()'s overloads: to(device, dtype),
    to(dtype), to(tensor), with keywords."""
    device = kwargs.get('device')
    dtype = kwargs.get('dtype')
    non_blocking = kwargs.get('non_blocking', False)
    for a in args:
        if isinstance(a, torch.dtype):
            dtype = a
        elif isinstance(a, torch.Tensor):
            device = a.device
            dtype = a.dtype
        elif isinstance(a, bool):
            non_blocking = a
        elif a is not None:
            device = a
    if 'tensor' in kwargs:
        device = kwargs['tensor'].device
        dtype = kwargs['tensor'].dtype
    if device is not None and not isinstance(device, torch.device):
        device = torch.device(device)
    return device, dtype, non_blocking


def to(self, *args, **kwargs):
    device, dtype, non_blocking = _parse_to(args, kwargs)
    if dtype is not None:
        if not (dtype.is_floating_point or dtype.is_complex):
            raise TypeError('nn.Module.to only accepts floating point or complex '
                            f'dtypes, but got desired dtype={dtype}')

    def convert(t):
        if t.is_floating_point() or t.is_complex():
            return t.to(device, dtype, non_blocking)
        return t.to(device, None, non_blocking)

    return self._apply(convert)


def cpu(self):
    return self._apply(lambda t: t.cpu())


def cuda(self, device=None):
    return self._apply(lambda t: t.cuda(device))


def type_(self, dst_type):
    return self._apply(lambda t: t.type(dst_type))


def float_(self):
    return self._apply(lambda t: t.float() if t.is_floating_point() else t)


def double(self):
    return self._apply(lambda t: t.double() if t.is_floating_point() else t)


def half(self):
    return self._apply(lambda t: t.half() if t.is_floating_point() else t)


def bfloat16(self):
    return self._apply(lambda t: t.bfloat16() if t.is_floating_point() else t)


def to_empty(self, *, device, recurse=True):
    return self._apply(lambda t: torch.empty_like(t, device=device), recurse=recurse)


# Devices this build has no backend for: PyTorch's Module.xpu/ipu/mtia move
# each parameter and buffer, and the first tensor moved raises the error
# PyTorch raises on a machine without the device (a module without tensors
# returns itself, as there).
def _no_xpu(t):
    raise AssertionError('Torch not compiled with XPU enabled')


def _no_ipu(t):
    raise RuntimeError('PyTorch is not linked with support for ipu devices')


def _no_mtia(t):
    raise AssertionError('Torch not compiled with MTIA enabled. Ensure you have `import '
                         'mtia.host_runtime.torch_mtia.dynamic_library` in your python src file and include '
                         '`//mtia/host_runtime/torch_mtia:torch_mtia` as your target dependency!')


def xpu(self, device=None):
    return self._apply(_no_xpu)


def ipu(self, device=None):
    return self._apply(_no_ipu)


def mtia(self, device=None):
    return self._apply(_no_mtia)
