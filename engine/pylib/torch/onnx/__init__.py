"""torch.onnx: scripts import it for `torch.onnx.export`, which in PyTorch
2.x needs the onnxscript package; backstep has none, so export raises what
PyTorch raises without it. is_in_onnx_export() is False (models test it)."""

__all__ = ["export", "is_in_onnx_export"]


def is_in_onnx_export():
    return False


def export(model, args=(), f=None, *pos, **kwargs):
    raise ModuleNotFoundError("No module named 'onnxscript'", name="onnxscript")
