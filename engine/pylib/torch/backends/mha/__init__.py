"""torch.backends.mha: whether nn.MultiheadAttention and the Transformer
layers may take their fused inference fast path (on by default)."""
_fastpath_enabled = True


def get_fastpath_enabled():
    return _fastpath_enabled


def set_fastpath_enabled(value):
    global _fastpath_enabled
    _fastpath_enabled = bool(value)
