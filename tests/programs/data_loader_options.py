# DataLoader options: the argument conflicts and their messages,
# attributes that cannot change after construction, pin_memory on a machine
# without an accelerator, num_workers=2 (the same batches as PyTorch's
# workers, for map-style and iterable datasets, with worker_init_fn and
# get_worker_info), persistent_workers, and the generator's state after.
import math
import warnings

import torch
from torch.utils.data import DataLoader, IterableDataset, RandomSampler, TensorDataset, get_worker_info

torch.manual_seed(0)
ds = TensorDataset(torch.arange(10))


class Count(IterableDataset):
    def __init__(self, start, end):
        super().__init__()
        self.start, self.end = start, end

    def __iter__(self):
        return iter(range(self.start, self.end))

    def __len__(self):
        return self.end - self.start


class Sharded(Count):
    def __iter__(self):
        info = get_worker_info()
        if info is None:
            return iter(range(self.start, self.end))
        per_worker = int(math.ceil((self.end - self.start) / float(info.num_workers)))
        lo = self.start + info.id * per_worker
        return iter(range(lo, min(lo + per_worker, self.end)))


def shard_by_init(worker_id):
    info = get_worker_info()
    d = info.dataset
    per_worker = int(math.ceil((d.end - d.start) / float(info.num_workers)))
    d.start = d.start + worker_id * per_worker
    d.end = min(d.start + per_worker, d.end)


cases = [
    dict(shuffle=True, sampler=[0, 1]),
    dict(batch_sampler=[[0]], batch_size=2),
    dict(batch_sampler=[[0]], shuffle=True),
    dict(batch_sampler=[[0]], drop_last=True),
    dict(batch_sampler=[[0]], sampler=[0]),
    dict(batch_size=None, drop_last=True),
    dict(num_workers=-1),
    dict(timeout=-1),
    dict(prefetch_factor=2),
    dict(num_workers=1, prefetch_factor=-1),
    dict(persistent_workers=True),
    dict(multiprocessing_context='spawn'),
    dict(num_workers=1, multiprocessing_context='thread'),
]
for kwargs in cases:
    try:
        DataLoader(ds, **kwargs)
        print('accepted', kwargs)
    except ValueError as e:
        print('ValueError:', e)
for kwargs in (dict(shuffle=True), dict(sampler=[0]), dict(batch_sampler=[[0]])):
    try:
        DataLoader(Count(0, 3), **kwargs)
    except ValueError as e:
        print('ValueError:', str(e).split(' but got ')[0])
print(list(DataLoader(Count(0, 3), shuffle=False)))

loader = DataLoader(ds, batch_size=4)
for attr in ('batch_size', 'sampler', 'drop_last', 'dataset'):
    try:
        setattr(loader, attr, None)
    except ValueError as e:
        print('ValueError:', e)
loader.num_workers = 0
print(loader.batch_size, loader.drop_last, type(loader.sampler).__name__, type(loader.batch_sampler).__name__)
print(loader.generator, loader.num_workers, loader.prefetch_factor, loader.collate_fn.__name__)
print(DataLoader(ds, batch_size=None).collate_fn.__name__, DataLoader(ds, num_workers=2).prefetch_factor)
print(type(DataLoader(ds, shuffle=True).sampler).__name__)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print([b[0].tolist() for b in DataLoader(ds, batch_size=5, pin_memory=True)])
    print([b[0].tolist() for b in DataLoader(ds, batch_size=5, pin_memory=True, pin_memory_device='cuda')])
for w in caught:
    if 'pin_memory' in str(w.message):
        print(w.category.__name__, w.message)

print('num_workers=2')
torch.manual_seed(5)
print([b[0].tolist() for b in DataLoader(ds, batch_size=3, shuffle=True, num_workers=2)])
print(torch.rand(1))
torch.manual_seed(5)
print([b[0].tolist() for b in DataLoader(ds, batch_size=3, shuffle=True)])
print(torch.rand(1))
loader = DataLoader(ds, batch_size=4, shuffle=True, num_workers=2, drop_last=True,
                    generator=torch.Generator().manual_seed(1))
print([b[0].tolist() for b in loader], len(loader))
print(list(DataLoader(Count(0, 4), num_workers=2)))
print(list(DataLoader(Count(0, 7), batch_size=2, num_workers=2)))
print(list(DataLoader(Sharded(3, 7), num_workers=2)))
print(list(DataLoader(Sharded(0, 10), batch_size=2, num_workers=3)))
print(list(DataLoader(Count(3, 7), num_workers=2, worker_init_fn=shard_by_init)))
print(list(DataLoader(Count(3, 7), num_workers=12, worker_init_fn=shard_by_init)))
print(list(DataLoader(Count(0, 5), batch_size=2, num_workers=2, drop_last=True)))
print(get_worker_info())

print('persistent_workers')
torch.manual_seed(2)
loader = DataLoader(ds, batch_size=5, shuffle=True, num_workers=2, persistent_workers=True)
for epoch in range(3):
    print(epoch, [b[0].tolist() for b in loader])
print(torch.rand(1))

print('iterable longer than its len')


class Liar(Count):
    def __len__(self):
        return 2


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    loader = DataLoader(Liar(0, 4))
    print(len(loader), list(loader))
print([str(w.message).split('> ')[1] for w in caught if 'Length of' in str(w.message)])
