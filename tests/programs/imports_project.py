# oracle: pytorch
# covers: a program importing its own package: absolute and relative imports, __init__ re-exports, a registry filled by decorators at import time, sys.modules, module attributes and reprs, import errors caught by the program
import sys

import torch

import trainkit
from trainkit import build, models
from trainkit.models.mlp import MLP

print(trainkit.__version__, trainkit.__all__, trainkit.__name__, models.__name__, MLP.__module__)
print(sorted(trainkit.REGISTRY), trainkit.REGISTRY["mlp"] is MLP)
print(sorted(m for m in sys.modules if m.startswith("trainkit")))
print(sys.modules["trainkit.models.linear"].LinearModel is models.LinearModel)

model = build("mlp", [3, 4, 2])
x = torch.ones(2, 3)
loss = model(x).sum()
loss.backward()
print(loss.item(), [tuple(p.grad.shape) for p in model.parameters()])

try:
    build("transformer")
except KeyError as e:
    print("KeyError:", e)
try:
    trainkit.register("linear")(object)
except KeyError as e:
    print("KeyError:", e)
try:
    from trainkit.models import ResNet
except ImportError as e:
    print(type(e).__name__, e.name, "ResNet" in str(e))
try:
    import trainkit.optim
except ModuleNotFoundError as e:
    print(type(e).__name__, e, e.name)
import trainkit.registry as reg
print(reg is sys.modules["trainkit.registry"], reg.build is build)
