"""torch.nn._reduction: the loss functions' `reduction=` strings as the
enum ATen takes (none=0, mean=1, sum=2), and the legacy size_average /
reduce flags, with PyTorch's deprecation warnings."""

import warnings


def get_enum(reduction):
    if reduction == 'none':
        return 0
    if reduction == 'mean':
        return 1
    if reduction == 'elementwise_mean':
        warnings.warn("reduction='elementwise_mean' is deprecated. "
                      "Please use reduction='mean' instead.", stacklevel=2)
        return 1
    if reduction == 'sum':
        return 2
    raise ValueError(f'{reduction} is not a valid value for reduction')


def legacy_get_string(size_average, reduce, emit_warning=True):
    # An unset flag counts as True: size_average=False alone means 'sum'.
    averaged = True if size_average is None else size_average
    reduced = True if reduce is None else reduce
    if averaged and reduced:
        result = 'mean'
    elif reduced:
        result = 'sum'
    else:
        result = 'none'
    if emit_warning:
        warnings.warn("size_average and reduce args will be deprecated, "
                      f"please use reduction='{result}' instead.", stacklevel=2)
    return result


def legacy_get_enum(size_average, reduce, emit_warning=True):
    return get_enum(legacy_get_string(size_average, reduce, emit_warning))
