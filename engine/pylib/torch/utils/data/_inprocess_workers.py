"""The iterator of a DataLoader with num_workers > 0, run in the main
process (dataloader.py, Note [No workers]).

It replays the bookkeeping of PyTorch's multi-process iterator that decides
which batches come out, in which order:
- the sampler runs ahead: prefetch_factor * num_workers batches of indices
  are taken when iteration starts, then one more after each batch (and
  after each worker that runs dry);
- batches go to the workers round-robin, skipping workers that ran dry,
  and come back in the order they were handed out (in_order);
- an IterableDataset is iterated by each worker separately (each worker its
  own shallow copy of the dataset, as after the pickling PyTorch does), so
  a dataset that does not split itself by get_worker_info() is repeated
  once per worker, exactly as under PyTorch.
"""
import collections
import copy
import itertools

from torch.utils.data._utils.worker import WorkerInfo, _as_worker
from torch.utils.data.dataloader import _BaseDataLoaderIter, _DatasetKind


class _InProcessWorkersDataLoaderIter(_BaseDataLoaderIter):
    def __init__(self, loader):
        super().__init__(loader)
        self._prefetch_count = loader.prefetch_factor * self._num_workers
        self._workers = [self._make_worker_info(i) for i in range(self._num_workers)]
        if loader.worker_init_fn is not None:
            for info in self._workers:
                with _as_worker(info):
                    loader.worker_init_fn(info.id)
        self._reset(loader, first_iter=True)

    def _make_worker_info(self, worker_id):
        dataset = self._dataset
        if self._dataset_kind == _DatasetKind.Iterable:
            dataset = copy.copy(dataset)
        return WorkerInfo(id=worker_id, num_workers=self._num_workers,
                          seed=self._base_seed + worker_id, dataset=dataset)

    def _reset(self, loader, first_iter=False):
        super()._reset(loader, first_iter)
        self._fetchers = []
        for info in self._workers:
            with _as_worker(info):
                self._fetchers.append(_DatasetKind.create_fetcher(
                    self._dataset_kind, info.dataset, self._auto_collation, self._collate_fn, self._drop_last))
        self._active = [True] * self._num_workers
        self._next_worker = itertools.cycle(range(self._num_workers))
        self._tasks = collections.deque()
        for _ in range(self._prefetch_count):
            self._try_put_index()

    def _try_put_index(self):
        try:
            index = self._next_index()
        except StopIteration:
            return
        for _ in range(self._num_workers):
            worker = next(self._next_worker)
            if self._active[worker]:
                self._tasks.append((worker, index))
                return
        # Every worker ran dry: the index is dropped, as PyTorch drops it.

    def _next_data(self):
        while self._tasks:
            worker, index = self._tasks.popleft()
            if not self._active[worker]:
                continue
            with _as_worker(self._workers[worker]):
                try:
                    data = self._fetchers[worker].fetch(index)
                except StopIteration:
                    data = StopIteration
            if data is StopIteration:
                self._active[worker] = False
                self._try_put_index()
                continue
            self._try_put_index()
            return data
        raise StopIteration
