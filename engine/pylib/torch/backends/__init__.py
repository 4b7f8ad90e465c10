"""torch.backends: the switches backstep's library reads (torch.backends.mha)."""
from torch.backends import mha
