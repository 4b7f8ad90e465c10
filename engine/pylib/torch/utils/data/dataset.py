"""torch.utils.data.dataset: map-style and iterable datasets, the ready-made
wrappers (TensorDataset, StackDataset, ConcatDataset, ChainDataset, Subset)
and random_split.

Written from PyTorch 2.15's documented semantics; the error messages are
PyTorch's words. random_split draws one randperm of the dataset's length
from the generator it is given (torch's default generator when none is),
so the split is the one PyTorch makes for the same seed.
"""
import bisect
import itertools
import math
import warnings
from typing import Generic, TypeVar

import torch

__all__ = ["Dataset", "IterableDataset", "TensorDataset", "StackDataset", "ConcatDataset",
           "ChainDataset", "Subset", "random_split"]

_T_co = TypeVar("_T_co", covariant=True)


class Dataset(Generic[_T_co]):
    """A map from keys to samples: subclasses define __getitem__ (and usually
    __len__, which samplers need)."""

    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")

    def __add__(self, other):
        return ConcatDataset([self, other])


class IterableDataset(Dataset[_T_co]):
    """A stream of samples: subclasses define __iter__."""

    def __add__(self, other):
        return ChainDataset([self, other])


class TensorDataset(Dataset):
    """Sample i is the tuple of every tensor's row i."""

    def __init__(self, *tensors):
        if any(tensors[0].size(0) != tensor.size(0) for tensor in tensors):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple([tensor[index] for tensor in self.tensors])

    def __len__(self):
        return self.tensors[0].size(0)


class StackDataset(Dataset):
    """Sample i is (d1[i], d2[i], ...) for positional datasets, or
    {name: d[i]} for keyword ones."""

    def __init__(self, *args, **kwargs):
        if args and kwargs:
            # PyTorch's two literals join without a space ("or``dict``").
            raise ValueError("Supported either ``tuple``- (via ``args``) or"
                             "``dict``- (via ``kwargs``) like input/output, but both types are given.")
        if not args and not kwargs:
            raise ValueError("At least one dataset should be passed")
        parts = list(args) if args else list(kwargs.values())
        self._length = len(parts[0])
        if any(self._length != len(d) for d in parts):
            raise ValueError("Size mismatch between datasets")
        self.datasets = args if args else kwargs

    def __getitem__(self, index):
        if isinstance(self.datasets, dict):
            return {k: d[index] for k, d in self.datasets.items()}
        return tuple(d[index] for d in self.datasets)

    def __getitems__(self, indices):
        named = isinstance(self.datasets, dict)
        pairs = list(self.datasets.items()) if named else [(None, d) for d in self.datasets]
        samples = [{} if named else [] for _ in indices]
        for key, dataset in pairs:
            column = _fetch_many(dataset, indices)
            for sample, value in zip(samples, column):
                if named:
                    sample[key] = value
                else:
                    sample.append(value)
        return samples if named else [tuple(s) for s in samples]

    def __len__(self):
        return self._length


def _fetch_many(dataset, indices):
    # A nested dataset's own batched fetch when it has one (checked for size).
    many = getattr(dataset, "__getitems__", None)
    if not callable(many):
        return [dataset[i] for i in indices]
    items = many(indices)
    if len(items) != len(indices):
        raise ValueError("Nested dataset's output size mismatch."
                         f" Expected {len(indices)}, got {len(items)}")
    return items


class ConcatDataset(Dataset):
    """The datasets one after another; index i finds its dataset by bisection
    of the running sizes."""

    @staticmethod
    def cumsum(sequence):
        sizes, total = [], 0
        for d in sequence:
            total += len(d)
            sizes.append(total)
        return sizes

    def __init__(self, datasets):
        super().__init__()
        self.datasets = list(datasets)
        if len(self.datasets) == 0:
            raise AssertionError("datasets should not be an empty iterable")
        for d in self.datasets:
            if isinstance(d, IterableDataset):
                raise AssertionError("ConcatDataset does not support IterableDataset")
        self.cumulative_sizes = self.cumsum(self.datasets)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        which = bisect.bisect_right(self.cumulative_sizes, idx)
        start = 0 if which == 0 else self.cumulative_sizes[which - 1]
        return self.datasets[which][idx - start]

    @property
    def cummulative_sizes(self):
        warnings.warn("`cummulative_sizes` attribute is renamed to `cumulative_sizes`",
                      FutureWarning, stacklevel=2)
        return self.cumulative_sizes


class ChainDataset(IterableDataset):
    """Iterable datasets one after another, chained as they are iterated."""

    def __init__(self, datasets):
        super().__init__()
        self.datasets = datasets

    def __iter__(self):
        for d in self.datasets:
            _check_iterable(d)
            yield from d

    def __len__(self):
        total = 0
        for d in self.datasets:
            _check_iterable(d)
            total += len(d)
        return total


def _check_iterable(d):
    if not isinstance(d, IterableDataset):
        raise AssertionError("ChainDataset only supports IterableDataset")


class Subset(Dataset):
    """The samples of `dataset` at `indices`, in that order."""

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices
        cls = type(self)
        if cls.__getitem__ is not Subset.__getitem__ and cls.__getitems__ is Subset.__getitems__:
            raise NotImplementedError(
                f"{cls.__name__} overrides __getitem__ but not __getitems__. "
                "When subclassing Subset and overriding __getitem__, you must also override "
                "__getitems__ to ensure DataLoader works correctly with your custom logic. "
                "A simple implementation:\n\n"
                "def __getitems__(self, indices):\n"
                "    return [self.__getitem__(idx) for idx in indices]")

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __getitems__(self, indices):
        many = getattr(self.dataset, "__getitems__", None)
        if callable(many):
            return many([self.indices[i] for i in indices])
        return [self.dataset[self.indices[i]] for i in indices]

    def __len__(self):
        return len(self.indices)


def _lengths_from_fractions(dataset, fractions):
    # floor(n * f) each, then the remainder handed out one by one from the front.
    lengths = []
    for i, frac in enumerate(fractions):
        if frac < 0 or frac > 1:
            raise ValueError(f"Fraction at index {i} is not between 0 and 1")
        lengths.append(math.floor(len(dataset) * frac))
    for i in range(len(dataset) - sum(lengths)):
        lengths[i % len(lengths)] += 1
    for i, length in enumerate(lengths):
        if length == 0:
            warnings.warn(f"Length of split at index {i} is 0. "
                          f"This might result in an empty dataset.", stacklevel=3)
    return lengths


def random_split(dataset, lengths, generator=torch.default_generator):
    """Split `dataset` into non-overlapping Subsets of the given lengths (or
    fractions summing to 1), by one random permutation from `generator`."""
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        lengths = _lengths_from_fractions(dataset, lengths)
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    indices = torch.randperm(sum(lengths), generator=generator).tolist()
    return [Subset(dataset, indices[end - length:end])
            for end, length in zip(itertools.accumulate(lengths), lengths)]
