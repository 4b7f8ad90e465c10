"""The programs whose engine order is pinned against real PyTorch."""
import glob
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CONFORMANCE = os.path.join(os.path.dirname(ROOT), "shared", "conformance", "programs")

GROUPS = {
    "order": os.path.join(HERE, "programs"),
    "conformance": CONFORMANCE,
    "examples": os.path.join(ROOT, "examples"),
    "graphs": os.path.join(ROOT, "examples", "graphs"),
    "ci": os.path.join(ROOT, "examples", "ci"),
    "debugger": os.path.join(ROOT, "tests", "debugger"),
    "programs": os.path.join(ROOT, "tests", "programs"),
}


# Programs whose engine order cannot be PyTorch's. The pinned PyTorch 2.x
# runs every program here; these are the ones backstep refuses on purpose.
SKIP = {
    # torch.func transforms backstep raises NotImplementedError for, where
    # PyTorch runs them (with backwards of their own).
    "programs__torch_func_unsupported",
    # functorch's inner level does not see a parameter the function closes
    # over, so PyTorch's graph for the gradient has no edge to it; backstep
    # emulates the levels on one graph, where the edge is there (the node
    # order and the results are PyTorch's).
    "programs__torch_func_closure",
    # Meta tensors: the collector runs PyTorch in anomaly mode, whose check
    # for NaN calls .item(), which meta tensors refuse, so PyTorch's record
    # stops after the first node (plain PyTorch runs all six, as backstep
    # does; tests/debugger/device_meta checks them).
    "debugger__device_meta",
    # torch.nn.grad's convolution gradients run through torch.autograd.grad
    # (backstep binds no convolution_backward op to call directly), so each
    # adds a backward call of its own to the record; the values and the
    # result's node (ConvolutionBackwardBackward0) are PyTorch's.
    "programs__nn_grad_common_types",
}


def programs():
    """(key, path) for every program, key = group__name."""
    out = []
    for group, folder in GROUPS.items():
        for path in sorted(glob.glob(os.path.join(folder, "*.py"))):
            name = os.path.basename(path)[:-3]
            if name.startswith(("run_", "record_", "make_")):
                continue
            key = f"{group}__{name}"
            if key not in SKIP:
                out.append((key, path))
    return out
