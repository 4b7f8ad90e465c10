"""torch.nn.common_types: the type aliases PyTorch's nn annotations use (an
int or a tuple of ints per dimension, optional sizes, ratios, tensor lists).
They carry no behaviour; programs import them for their own annotations."""
from typing import TypeAlias as _TypeAlias, TypeVar, Union

from torch import Tensor

T = TypeVar('T')
# The generic forms, and their instances spelled out: subscripting a generic
# alias whose arguments hold builtin generics (tuple[T, ...]) is not
# supported by backstep's typing yet.
_scalar_or_tuple_any_t = Union[T, tuple[T, ...]]
_scalar_or_tuple_1_t = Union[T, tuple[T]]
_scalar_or_tuple_2_t = Union[T, tuple[T, T]]
_scalar_or_tuple_3_t = Union[T, tuple[T, T, T]]
_scalar_or_tuple_4_t = Union[T, tuple[T, T, T, T]]
_scalar_or_tuple_5_t = Union[T, tuple[T, T, T, T, T]]
_scalar_or_tuple_6_t = Union[T, tuple[T, T, T, T, T, T]]

_size_any_t = Union[int, tuple[int, ...]]
_size_1_t = Union[int, tuple[int]]
_size_2_t = Union[int, tuple[int, int]]
_size_3_t = Union[int, tuple[int, int, int]]
_size_4_t = Union[int, tuple[int, int, int, int]]
_size_5_t = Union[int, tuple[int, int, int, int, int]]
_size_6_t = Union[int, tuple[int, int, int, int, int, int]]

_size_any_opt_t = Union[int | None, tuple[int | None, ...]]
_size_2_opt_t = Union[int | None, tuple[int | None, int | None]]
_size_3_opt_t = Union[int | None, tuple[int | None, int | None, int | None]]

_ratio_2_t = Union[float, tuple[float, float]]
_ratio_3_t = Union[float, tuple[float, float, float]]
_ratio_any_t = Union[float, tuple[float, ...]]

_tensor_list_t = Union[Tensor, tuple[Tensor, ...]]
_maybe_indices_t = Union[Tensor, tuple[Tensor, Tensor]]

# Union only builds the aliases: PyTorch's module exports no such name.
del Union
