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

Note [Worker generators]: a PyTorch worker seeds torch's and Python's
generators with base_seed + worker_id before worker_init_fn runs, and the
dataset's own draws come from them. Here each worker keeps its own state
of both generators; running a worker's part swaps them in, and swaps the
main program's back afterwards, so the main program's draws are untouched.
An exception in a worker's part comes out as PyTorch's reraise makes it:
the same type, "Caught <Type> in DataLoader worker process <id>." and the
original error (here also chained as __cause__, which points at its line).
"""
import collections
import copy
import itertools
import random

import torch
from torch.utils.data._utils.worker import WorkerInfo, _as_worker
from torch.utils.data.dataloader import _BaseDataLoaderIter, _DatasetKind


class _Worker:
    """One in-process worker: its WorkerInfo and its generators' states."""

    def __init__(self, info):
        self.info = info
        main_torch, main_random = torch.get_rng_state(), random.getstate()
        random.seed(info.seed)
        torch.manual_seed(info.seed)
        self.torch_state, self.random_state = torch.get_rng_state(), random.getstate()
        torch.set_rng_state(main_torch)
        random.setstate(main_random)

    def run(self, fn, *args):
        """fn(*args) as this worker (Note [Worker generators])."""
        main_torch, main_random = torch.get_rng_state(), random.getstate()
        torch.set_rng_state(self.torch_state)
        random.setstate(self.random_state)
        try:
            with _as_worker(self.info):
                return fn(*args)
        except StopIteration:
            raise
        except Exception as e:
            raise _reraised(e, self.info.id) from e
        finally:
            self.torch_state, self.random_state = torch.get_rng_state(), random.getstate()
            torch.set_rng_state(main_torch)
            random.setstate(main_random)


def _reraised(e, worker_id):
    name = type(e).__name__
    original = f'{name}: {e}' if str(e) else name
    msg = (f'Caught {name} in DataLoader worker process {worker_id}.\n'
           f'Original Traceback (most recent call last):\n{original}\n')
    if isinstance(e, KeyError):
        return KeyError(_KeyErrorMessage(msg))
    try:
        return type(e)(msg)
    except Exception:
        return RuntimeError(msg)


class _KeyErrorMessage(str):
    """A KeyError shows repr(key); this message shows as itself (as PyTorch's)."""

    def __repr__(self):
        return self


class _InProcessWorkersDataLoaderIter(_BaseDataLoaderIter):
    def __init__(self, loader):
        super().__init__(loader)
        self._prefetch_count = loader.prefetch_factor * self._num_workers
        self._workers = [_Worker(self._make_worker_info(i)) for i in range(self._num_workers)]
        self._init_errors = [None] * self._num_workers
        if loader.worker_init_fn is not None:
            for i, worker in enumerate(self._workers):
                try:
                    worker.run(loader.worker_init_fn, i)
                except Exception as e:  # PyTorch reports it with that worker's first batch
                    self._init_errors[i] = e
        self._reset(loader, first_iter=True)

    def _make_worker_info(self, worker_id):
        dataset = self._dataset
        if self._dataset_kind == _DatasetKind.Iterable:
            dataset = copy.copy(dataset)
        return WorkerInfo(id=worker_id, num_workers=self._num_workers,
                          seed=self._base_seed + worker_id, dataset=dataset)

    def _reset(self, loader, first_iter=False):
        super()._reset(loader, first_iter)
        self._fetchers = [None] * self._num_workers
        for i, worker in enumerate(self._workers):
            if self._init_errors[i] is None:
                try:
                    self._fetchers[i] = worker.run(self._make_fetcher, worker.info.dataset)
                except Exception as e:
                    self._init_errors[i] = e
        self._active = [True] * self._num_workers
        self._next_worker = itertools.cycle(range(self._num_workers))
        self._tasks = collections.deque()
        for _ in range(self._prefetch_count):
            self._try_put_index()

    def _make_fetcher(self, dataset):
        return _DatasetKind.create_fetcher(self._dataset_kind, dataset, self._auto_collation, self._collate_fn,
                                           self._drop_last)

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
            if self._init_errors[worker] is not None:
                error, self._init_errors[worker] = self._init_errors[worker], None
                raise error
            try:
                data = self._workers[worker].run(self._fetchers[worker].fetch, index)
            except StopIteration:
                data = StopIteration
            except Exception:
                self._try_put_index()  # as PyTorch does before it reraises
                raise
            if data is StopIteration:
                self._active[worker] = False
                self._try_put_index()
                continue
            self._try_put_index()
            return data
        raise StopIteration
