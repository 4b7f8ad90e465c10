"""torch.nn.utils: gradient clipping, parameter <-> vector conversion, stateless calls."""
from torch.nn.utils.clip_grad import clip_grad_norm_, clip_grad_norm, clip_grad_value_
from torch.nn.utils.convert_parameters import parameters_to_vector, vector_to_parameters
from torch.nn.utils import rnn
from torch.nn.utils import parametrize, parametrizations
from torch.nn.utils.weight_norm import weight_norm, remove_weight_norm
from torch.nn.utils.spectral_norm import spectral_norm, remove_spectral_norm
from torch.nn.utils import stateless
