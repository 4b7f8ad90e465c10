# A breakpoint on the nodes of nn.Module's full backward hooks: their Function class
# lives in backstep's library, so the name is known once the forward has run.
import torch
from torch import nn
torch.manual_seed(0)
m = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
m.register_full_backward_hook(lambda mod, gi, go: None)
x = torch.ones(1, 3, requires_grad=True)
out = m(x).sum()
breakpoint()
out.backward()
print("done")
