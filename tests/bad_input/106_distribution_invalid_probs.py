# A policy whose probabilities went negative: Categorical's argument
# validation (on by default) refuses them with PyTorch's message.
import torch
from torch.distributions import Categorical

probs = torch.tensor([0.5, -0.1, 0.6])
m = Categorical(probs)
print(m.sample())
