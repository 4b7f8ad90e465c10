"""torch.utils.data._utils.collate: turning a list of samples into a batch
(default_collate) and converting one sample (default_convert).

Written from PyTorch 2.15's documented semantics: tensors are stacked on a
new first dimension; Python ints become an int64 tensor (bools a bool
tensor: a bool is an int), floats a float64 tensor; str and bytes stay a
list; mappings, named tuples and sequences are collated field by field (a
plain tuple or list of fields comes back as a list). collate_fn_map picks
a collate function by the exact type of the batch's first element, then by
isinstance in the map's order. There is no NumPy under backstep, so the
NumPy branches do not exist.
"""
import collections.abc
import copy

import torch

default_collate_err_msg_format = (
    "default_collate: batch must contain tensors, numpy arrays, numbers, "
    "dicts or lists; found {}"
)


def default_convert(data):
    """One sample as the DataLoader hands it out without batching: containers
    rebuilt around their converted items, everything else unchanged."""
    if isinstance(data, torch.Tensor):
        return data
    if isinstance(data, collections.abc.Mapping):
        try:
            return _rebuild_mapping(data, {key: default_convert(data[key]) for key in data})
        except TypeError:
            return {key: default_convert(data[key]) for key in data}
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, collections.abc.Sequence) and not isinstance(data, (str, bytes)):
        try:
            return _rebuild_sequence(data, [default_convert(d) for d in data])
        except TypeError:
            return [default_convert(d) for d in data]
    return data


def _rebuild_mapping(like, items):
    # A copy of `like` updated (mutable), or its type built from a dict.
    # Callers compute `items` inside their try, as PyTorch does: a TypeError
    # there or here falls back to a plain dict (list), computed again.
    if isinstance(like, collections.abc.MutableMapping):
        clone = copy.copy(like)
        clone.update(items)
        return clone
    return type(like)(items)


def _rebuild_sequence(like, items):
    if isinstance(like, collections.abc.MutableSequence):
        clone = copy.copy(like)
        for i, item in enumerate(items):
            clone[i] = item
        return clone
    return type(like)(items)


def collate(batch, *, collate_fn_map=None):
    """Collate `batch` (a list of samples) by the first sample's type."""
    elem = batch[0]
    elem_type = type(elem)
    if collate_fn_map is not None:
        if elem_type in collate_fn_map:
            return collate_fn_map[elem_type](batch, collate_fn_map=collate_fn_map)
        for collate_type in collate_fn_map:
            if isinstance(elem, collate_type):
                return collate_fn_map[collate_type](batch, collate_fn_map=collate_fn_map)
    if isinstance(elem, collections.abc.Mapping):
        try:
            return _rebuild_mapping(elem, {key: collate([d[key] for d in batch], collate_fn_map=collate_fn_map)
                                                  for key in elem})
        except TypeError:
            return {key: collate([d[key] for d in batch], collate_fn_map=collate_fn_map) for key in elem}
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):
        return elem_type(*(collate(samples, collate_fn_map=collate_fn_map) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        return _collate_sequences(batch, collate_fn_map)
    raise TypeError(default_collate_err_msg_format.format(elem_type))


def _collate_sequences(batch, collate_fn_map):
    elem = batch[0]
    size = len(elem)
    if not all(len(e) == size for e in batch[1:]):
        raise RuntimeError("each element in list of batch should be of equal size")
    # Tuples, as zip makes them: a field of strings comes back as a tuple.
    transposed = list(zip(*batch))
    if isinstance(elem, tuple):
        return [collate(samples, collate_fn_map=collate_fn_map) for samples in transposed]
    try:
        return _rebuild_sequence(elem, [collate(samples, collate_fn_map=collate_fn_map) for samples in transposed])
    except TypeError:
        return [collate(samples, collate_fn_map=collate_fn_map) for samples in transposed]


def collate_tensor_fn(batch, *, collate_fn_map=None):
    elem = batch[0]
    if getattr(elem, "is_nested", False):  # backstep has no nested tensors yet
        raise RuntimeError(
            "Batches of nested tensors are not currently supported by the default collate_fn; "
            "please provide a custom collate_fn to handle them appropriately.")
    if elem.layout != torch.strided:
        raise RuntimeError(
            "Batches of sparse tensors are not currently supported by the default collate_fn; "
            "please provide a custom collate_fn to handle them appropriately.")
    # No worker processes under backstep, so never a shared-memory `out`.
    return torch.stack(batch, 0)


def collate_float_fn(batch, *, collate_fn_map=None):
    return torch.tensor(batch, dtype=torch.float64)


def collate_int_fn(batch, *, collate_fn_map=None):
    return torch.tensor(batch)


def collate_str_fn(batch, *, collate_fn_map=None):
    return batch


default_collate_fn_map = {torch.Tensor: collate_tensor_fn}
default_collate_fn_map[float] = collate_float_fn
default_collate_fn_map[int] = collate_int_fn
default_collate_fn_map[str] = collate_str_fn
default_collate_fn_map[bytes] = collate_str_fn


def default_collate(batch):
    """The DataLoader's collate when it batches: see the module's note."""
    return collate(batch, collate_fn_map=default_collate_fn_map)
