# Nested module calls announced as torch.nn's Module.__call__ announces them
# (the internal _backstep_nn module): Net > encoder: Encoder >
# encoder.layers.N: Layer > encoder.layers.N.linear: Linear / .act: ReLU.
import torch
try:
    import _backstep_nn as scope  # what torch.nn's Module.__call__ calls in backstep
except ImportError:  # real PyTorch (the engine-order fixtures run every program there)
    class scope:
        enter_module = exit_module = name_parameter = staticmethod(lambda *args: None)


def call(path, type_name, fn, *args):
    scope.enter_module(path, type_name)
    try:
        return fn(*args)
    finally:
        scope.exit_module()


w0 = torch.tensor([[1.0, -2.0], [0.5, 1.0]], requires_grad=True)
w1 = torch.tensor([[2.0, 1.0], [-1.0, 0.5]], requires_grad=True)
scope.name_parameter(w0, "encoder.layers.0.linear.weight")
scope.name_parameter(w1, "encoder.layers.1.linear.weight")


def layer(i, w, x):
    h = call(f"encoder.layers.{i}.linear", "Linear", torch.mm, x, w)
    return call(f"encoder.layers.{i}.act", "ReLU", torch.relu, h)


def encoder(x):
    x = call("encoder.layers.0", "Layer", layer, 0, w0, x)
    return call("encoder.layers.1", "Layer", layer, 1, w1, x)


x = torch.tensor([[1.0, 2.0], [3.0, -1.0]])
out = call("", "Net", call, "encoder", "Encoder", encoder, x)
loss = out.sum()
loss.backward()
print(w0.grad)
