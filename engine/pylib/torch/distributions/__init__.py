"""torch.distributions, the part training scripts use most: Categorical
(policy gradients), Normal (VAEs, Gaussian policies), Bernoulli, their
constraints and kl_divergence. Written from PyTorch's documented semantics;
sampling goes through the same random operators so seeded runs agree.
See docs/real-programs.md."""
from torch.distributions import constraints
from torch.distributions.bernoulli import Bernoulli
from torch.distributions.categorical import Categorical
from torch.distributions.distribution import Distribution
from torch.distributions.kl import kl_divergence, register_kl
from torch.distributions.normal import Normal

__all__ = ["Bernoulli", "Categorical", "Distribution", "Normal", "constraints", "kl_divergence", "register_kl"]
