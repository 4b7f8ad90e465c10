import torch
from imported.shape_mismatch_at_import import shifted

print(shifted)
