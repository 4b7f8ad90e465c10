"""torch.nn.parameter: Parameter is backstep's native parameter type (a
tensor the registry marks as a parameter; engine/api/nn_parameter.cpp), so
it prints as "Parameter containing:" and names its leaf in graphs."""
from _backstep_parameter import Parameter

__all__ = ['Parameter']


def is_lazy(param):
    return False
