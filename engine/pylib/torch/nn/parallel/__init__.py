"""torch.nn.parallel as a machine without an accelerator sees it (backstep
runs on the CPU): DataParallel wraps the module and calls it as it is (so
`print(net)` and state_dict keys carry PyTorch's `module.` prefix),
data_parallel has no device to scatter to, and DistributedDataParallel needs
a process group nobody initialised. PyTorch's messages in each case."""
import torch
from torch.nn.modules import Module

__all__ = ["data_parallel", "DataParallel", "DistributedDataParallel"]


def _available_device_type():
    return "cuda" if torch.cuda.is_available() else None


def _no_multi_device(what):
    raise NotImplementedError(f"backstep runs {what} on one device only: no replication across GPUs")


class DataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        if _available_device_type() is None:
            self.module = module
            self.device_ids = []
            return
        _no_multi_device("DataParallel")

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)


def data_parallel(module, inputs, device_ids=None, output_device=None, dim=0, module_kwargs=None):
    if _available_device_type() is None:
        raise RuntimeError("device type could not be determined")
    _no_multi_device("data_parallel")


class DistributedDataParallel(Module):
    def __init__(self, module, *args, **kwargs):
        raise ValueError("Default process group has not been initialized, "
                         "please make sure to call init_process_group.")
