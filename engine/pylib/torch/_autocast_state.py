"""torch.is_autocast_enabled / torch.get_autocast_dtype: backstep has no
autocast regions, so autocast is never enabled; the dtypes are PyTorch's
defaults (the fast-path checks of nn.MultiheadAttention and the Transformer
layers read these as PyTorch's do)."""
import torch


def is_autocast_enabled(device_type=None):
    return False


def get_autocast_dtype(device_type):
    return torch.bfloat16 if device_type == 'cpu' else torch.float16
