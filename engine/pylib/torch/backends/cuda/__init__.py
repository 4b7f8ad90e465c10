"""torch.backends.cuda: the TF32 and SDPA switches scripts set. backstep
links PyTorch's CUDA build (is_built() is True); with no GPU nothing reads them."""


class _MatmulFlags:
    allow_tf32 = False
    allow_fp16_reduced_precision_reduction = True
    allow_bf16_reduced_precision_reduction = True


matmul = _MatmulFlags()


def is_built():
    return True
