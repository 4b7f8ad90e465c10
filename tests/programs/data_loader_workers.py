# DataLoader with num_workers > 0 (run in-process by backstep): each worker
# seeds torch's and Python's generators with base_seed + worker_id as
# PyTorch's workers do, get_worker_info() inside the dataset and in
# worker_init_fn, the main program's generator left where PyTorch leaves
# it, errors in a worker re-raised as PyTorch re-raises them, and the
# timeout checks.
import random
import warnings

import torch
from torch.utils.data import DataLoader, Dataset, IterableDataset, get_worker_info

warnings.simplefilter('ignore')  # backstep's one-line note that workers run in-process


class Noisy(Dataset):
    def __len__(self):
        return 8

    def __getitem__(self, i):
        info = get_worker_info()
        wid = -1 if info is None else info.id
        return torch.tensor([float(i), float(wid)]), torch.rand(1), random.random()


for workers in [0, 2, 3]:
    torch.manual_seed(0)
    random.seed(0)
    loader = DataLoader(Noisy(), batch_size=2, num_workers=workers)
    for x, r, p in loader:
        print(workers, x.tolist(), [round(v, 6) for v in r.flatten().tolist()], [round(v, 6) for v in p.tolist()])
    print('main after', workers, torch.rand(1).item(), random.random())

# The loader's own generator decides the base seed: seed = base + worker id.
g = torch.Generator()
g.manual_seed(123)
base = torch.Generator().manual_seed(123)
base = torch.empty((), dtype=torch.int64).random_(generator=base).item()


class Info(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        info = get_worker_info()
        return torch.tensor([info.id, info.num_workers, info.seed - base, len(info.dataset)]), torch.rand(1)


def init_fn(worker_id):
    # Runs in the worker, after its seeding: re-seed it differently.
    info = get_worker_info()
    if info.id != worker_id or info.seed != base + worker_id:
        raise RuntimeError('wrong worker info')
    torch.manual_seed(1000 + worker_id)


loader = DataLoader(Info(), batch_size=2, num_workers=2, generator=g, worker_init_fn=init_fn)
for x, r in loader:
    print('init', x.tolist(), [round(v, 6) for v in r.flatten().tolist()])
print(get_worker_info())


class Seeds(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return torch.initial_seed() - get_worker_info().seed


print([b.tolist() for b in DataLoader(Seeds(), batch_size=1, num_workers=2)])


class Stream(IterableDataset):
    def __iter__(self):
        info = get_worker_info()
        for k in range(3):
            yield info.id * 10 + k, torch.randint(0, 1000, (1,)).item()


torch.manual_seed(5)
print([(a.tolist(), b.tolist()) for a, b in DataLoader(Stream(), batch_size=2, num_workers=2)])


# Errors in a worker.
class Broken(Dataset):
    def __len__(self):
        return 6

    def __getitem__(self, i):
        if i == 3:
            raise ValueError(f'bad item {i}')
        if i == 5:
            raise KeyError(i)
        return i


it = iter(DataLoader(Broken(), batch_size=2, num_workers=2))
print(next(it).tolist())
try:
    next(it)
except ValueError as e:
    lines = str(e).splitlines()
    print('ValueError:', lines[0], '|', lines[1].split(' (')[0], '|', lines[-1])
try:
    next(it)
except KeyError as e:
    lines = str(e).splitlines()
    print('KeyError:', lines[0], '|', lines[-1])


def bad_init(worker_id):
    if worker_id == 1:
        raise RuntimeError('init failed')


it = iter(DataLoader(Noisy(), batch_size=2, num_workers=2, worker_init_fn=bad_init))
print(next(it)[0].tolist())
try:
    next(it)
except RuntimeError as e:
    print('RuntimeError:', str(e).splitlines()[0], '|', str(e).splitlines()[-1])

# timeout is checked.
for kwargs in [dict(timeout=-1), dict(timeout=-0.5, num_workers=1)]:
    try:
        DataLoader(Noisy(), **kwargs)
    except ValueError as e:
        print('ValueError:', e)
loader = DataLoader(Noisy(), batch_size=4, num_workers=1, timeout=5.0)
print(loader.timeout, [b[0].shape for b in loader])
try:
    iter(DataLoader(Noisy(), timeout=1))
except AssertionError as e:
    print('AssertionError:', e)
