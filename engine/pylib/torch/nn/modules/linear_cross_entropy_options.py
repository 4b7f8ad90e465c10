"""LinearCrossEntropyOptions: opting F.linear_cross_entropy into PyTorch's
chunked path, and resolving its 'auto' settings against one call (batch
size, features, classes, dtype, device) the way PyTorch 2.15 documents it.
Written from PyTorch's documented semantics."""
import dataclasses

import torch

__all__ = ['LinearCrossEntropyOptions']

_ACC_POLICIES = ('auto', 'accurate', 'compact')
_ACC_DTYPES = (torch.float16, torch.bfloat16, torch.float32, torch.float64)


def _auto_acc_policy(device_type, dtype):
    # Only CPU half-precision input keeps fp32 scratch ('accurate'): CPU's
    # half matmuls are emulated, so the weight-grad product stays in fp32.
    if device_type == 'cpu' and dtype in (torch.float16, torch.bfloat16):
        return 'accurate'
    return 'compact'


def _pow2_at_least(n):
    return 1 << (n - 1).bit_length()


def _pow2_at_most(n):
    return 1 << (n.bit_length() - 1) if n >= 1 else 1


@dataclasses.dataclass(slots=True, frozen=True)
class LinearCrossEntropyOptions:
    allow_retain_graph: bool = False
    batch_chunk_size: int = None
    chunking_method: str = 'auto'
    acc_policy: str = 'auto'
    acc_dtype: torch.dtype = None

    def __post_init__(self):
        if self.acc_policy not in _ACC_POLICIES:
            raise ValueError(f"invalid acc_policy: {self.acc_policy!r}; expected one of 'auto', 'accurate', "
                             f"'compact'")
        method = self.chunking_method
        if method is not None and method != 'auto':
            # 'aspect_ratio' or 'aspect_ratio:N' with N a positive integer.
            name, colon, factor = method.partition(':')
            factor = factor if colon else '1'
            if name != 'aspect_ratio' or not factor.isdigit() or int(factor) <= 0:
                raise ValueError(f'invalid chunking_method: {method!r}')
        size = self.batch_chunk_size
        if size is not None and not (isinstance(size, int) and size > 0):
            raise ValueError(f'batch_chunk_size must be positive int or None, got {size!r}')
        if self.acc_dtype is not None and self.acc_dtype not in _ACC_DTYPES:
            raise ValueError('acc_dtype must be one of {None, torch.float16, torch.bfloat16, torch.float32, '
                             f'torch.float64}}, got {self.acc_dtype!r}. Pass acc_dtype=None to let the op '
                             'pick automatically.')

    @staticmethod
    def _resolve_auto_acc_dtype(dtype, device):
        # Half-precision input accumulates in fp32 where a mixed-precision
        # product exists; this build has CPU (CUDA needs SM 7.0 / 8.0).
        if device is None or dtype not in (torch.float16, torch.bfloat16):
            return None
        if device.type == 'cuda':
            if not torch.cuda.is_available():
                return None
            major = torch.cuda.get_device_capability(device)[0]
            if major < (8 if dtype == torch.bfloat16 else 7):
                return None
            return torch.float32
        return torch.float32 if device.type == 'cpu' else None

    def _compute_batch_chunk_size(self, num_batches, in_features, num_classes, method=None):
        method = str(method if method is not None else self.chunking_method)
        if not method.startswith('aspect_ratio'):
            raise AssertionError(f'unhandled chunking_method: {method!r}')
        factor = int(method.split(':', 1)[1]) if ':' in method else 1
        # A chunk's (rows, classes) logits about as large as the whole input.
        growth = -(-num_classes // in_features)
        rows = _pow2_at_least(-(-num_batches // growth))
        return min(rows // factor, num_batches)

    def _adjust(self, num_batches, in_features, num_classes, dtype, device=None, prob_target=False):
        """These options made concrete for one call: no 'auto', no None."""
        policy = self.acc_policy
        method = self.chunking_method
        method_was_auto = method == 'auto'
        if method == 'auto' and self.batch_chunk_size is not None:
            method = None  # an explicit size wins over the heuristic
        if policy == 'auto':
            policy = _auto_acc_policy(device.type if device is not None else None, dtype)
        if method == 'auto':
            method = 'aspect_ratio'
        size = num_batches if self.batch_chunk_size is None else min(self.batch_chunk_size, num_batches)
        if method is not None:
            size = self._compute_batch_chunk_size(num_batches, in_features, num_classes, method)
            if method_was_auto and policy == 'compact':
                # Never above the unchunked path's peak memory.
                cap = num_batches // 2 if prob_target else num_batches * num_classes // (4 * in_features)
                size = max(1, min(size, _pow2_at_most(cap)))
            if self.batch_chunk_size is not None and self.batch_chunk_size != size:
                raise ValueError(f'batch_chunk_size (={self.batch_chunk_size}) and chunking_method '
                                 f"('{method}') give different chunk sizes ({self.batch_chunk_size} vs "
                                 f'{size}); pass only one.')
        acc_dtype = self.acc_dtype
        if acc_dtype is None:
            auto = self._resolve_auto_acc_dtype(dtype, device) if self.acc_policy == 'auto' else None
            acc_dtype = dtype if auto is None else auto
        return dataclasses.replace(self, acc_policy=policy, chunking_method=method,
                                   batch_chunk_size=max(1, size), acc_dtype=acc_dtype)
