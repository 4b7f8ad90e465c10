# An MLP whose module calls are announced the way torch.nn's Module.__call__
# announces them (through the internal _backstep_nn module), so that graphs,
# traces and pictures carry module paths: Net > fc1: Linear, act: ReLU, fc2: Linear.
import torch
import _backstep_nn as scope


def call(path, type_name, fn, *args):
    scope.enter_module(path, type_name)
    try:
        return fn(*args)
    finally:
        scope.exit_module()


torch.manual_seed(0)
params = {"fc1.weight": torch.randn(4, 3, requires_grad=True), "fc1.bias": torch.zeros(4, requires_grad=True),
          "fc2.weight": torch.randn(2, 4, requires_grad=True), "fc2.bias": torch.zeros(2, requires_grad=True)}
for name, p in params.items():
    scope.name_parameter(p, name)


def linear(prefix, x):
    return torch.addmm(params[prefix + ".bias"], x, params[prefix + ".weight"].t())


def net(x):
    h = call("fc1", "Linear", linear, "fc1", x)
    h = call("act", "ReLU", torch.relu, h)
    return call("fc2", "Linear", linear, "fc2", h)


x = torch.randn(5, 3)
loss = call("", "Net", net, x).sum()
loss.backward()
