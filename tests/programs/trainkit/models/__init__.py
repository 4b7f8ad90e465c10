from .linear import LinearModel
from .mlp import MLP
