# set_submodule walks the dotted path with get_submodule: a step that is not
# there is PyTorch's AttributeError naming the module it was looked up on.
import torch
from torch import nn

model = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
model.set_submodule("2.0", nn.Tanh())
