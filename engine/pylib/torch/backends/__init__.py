"""torch.backends: the switches backstep's library reads (torch.backends.mha)
and the ones scripts set (cudnn, cuda, mps)."""
from torch.backends import mha
from torch.backends import cuda, cudnn, mps
