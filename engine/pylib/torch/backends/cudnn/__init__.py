"""torch.backends.cudnn: the flags scripts set at the top (benchmark,
deterministic, enabled, allow_tf32), with PyTorch's defaults. backstep links
PyTorch's CUDA build, so cuDNN is built in; with no GPU nothing reads them."""
import torch

enabled = True
benchmark = False
benchmark_limit = 10
deterministic = False
allow_tf32 = True


def is_available():
    return True


def is_acceptable(tensor):
    return enabled and tensor.is_cuda and torch.cuda.is_available()
