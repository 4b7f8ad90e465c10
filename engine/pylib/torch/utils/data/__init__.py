"""torch.utils.data: datasets, samplers and the DataLoader (see
docs/data.md), written from PyTorch 2.15's documented semantics."""
from torch.utils.data.dataset import (ChainDataset, ConcatDataset, Dataset, IterableDataset, StackDataset,
                                      Subset, TensorDataset, random_split)
from torch.utils.data.sampler import (BatchSampler, RandomSampler, Sampler, SequentialSampler,
                                      SubsetRandomSampler, WeightedRandomSampler)
from torch.utils.data.dataloader import DataLoader, _DatasetKind, default_collate, default_convert, get_worker_info
from torch.utils.data._utils.worker import WorkerInfo
from torch.utils.data import _utils

__all__ = ["BatchSampler", "ChainDataset", "ConcatDataset", "DataLoader", "Dataset", "IterableDataset",
           "RandomSampler", "Sampler", "SequentialSampler", "StackDataset", "Subset", "SubsetRandomSampler",
           "TensorDataset", "WeightedRandomSampler", "default_collate", "default_convert", "get_worker_info",
           "random_split"]
