import torch
import imported.broken_syntax

print(imported.broken_syntax.double(torch.ones(2)))
