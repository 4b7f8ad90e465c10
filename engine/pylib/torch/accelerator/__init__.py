"""torch.accelerator: the device-agnostic queries. backstep links PyTorch's
CUDA build, so the current accelerator is CUDA even on a machine without a
GPU (as in PyTorch); whether one is usable is torch.cuda's answer."""
import torch


def is_available():
    return torch.cuda.is_available()


def current_accelerator(check_available=False):
    if check_available and not is_available():
        return None
    return torch.device('cuda')


def device_count():
    return torch.cuda.device_count()


def current_device_index():
    return torch.cuda.current_device()


current_device_idx = current_device_index


def set_device_index(device):
    torch.cuda.set_device(device)


set_device_idx = set_device_index


def synchronize(device=None):
    torch.cuda.synchronize(device)
