"""torch.utils.data._utils.worker: what a DataLoader worker knows about
itself (get_worker_info).

backstep has no worker processes (dataloader.py, Note [No workers]): in the
main program get_worker_info() is None, as in PyTorch's main process; it
returns a WorkerInfo only while a DataLoader with num_workers > 0 runs a
worker's part in-process (its worker_init_fn, or an IterableDataset's
iterator of that worker).
"""
from dataclasses import dataclass

_worker_info = None


@dataclass(frozen=True)
class WorkerInfo:
    """The current worker: id (0 .. num_workers - 1), num_workers, seed
    (base seed + id) and its copy of the dataset."""
    id: int
    num_workers: int
    seed: int
    dataset: object
    rng: object = None
    worker_method: str = "multiprocessing"


def get_worker_info():
    return _worker_info


class _as_worker:
    """`with _as_worker(info):` runs a worker's code with get_worker_info()
    returning info, restoring the previous value afterwards."""

    def __init__(self, info):
        self.info = info

    def __enter__(self):
        global _worker_info
        self.saved = _worker_info
        _worker_info = self.info

    def __exit__(self, *exc):
        global _worker_info
        _worker_info = self.saved
        return False
