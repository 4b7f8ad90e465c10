import warnings

import torch
import torch.nn as nn

loss = nn.MSELoss()(torch.ones(2, 3), torch.ones(3))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    nn.MSELoss()(torch.ones(2, 3), torch.ones(3))
print(caught[0].filename.startswith('<pylib>/torch/nn/'))
