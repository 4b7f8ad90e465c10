# Fuzz finding (interpreter target, leak check): a session that imported
# torch.nn left ~2,200 tracked objects behind, its classes' namespaces
# (Note [a session's classes] in engine/runtime/gc_session_classes.cpp).
import torch
from torch import nn

layer = nn.Linear(2, 2)
layer.weight = torch.zeros(2, 2)
