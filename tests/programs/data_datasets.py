# The dataset classes: a user's map-style Dataset (and `+`), IterableDataset
# (and `+`), TensorDataset, Subset, ConcatDataset, ChainDataset and
# StackDataset, with the DataLoader over each, and their errors.
import math

import torch
from torch.utils.data import (ChainDataset, ConcatDataset, DataLoader, Dataset, IterableDataset, StackDataset,
                              Subset, TensorDataset)


class Squares(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError('out of range')
        return {'x': torch.tensor([float(i)]), 'y': i * i}


class Count(IterableDataset):
    def __init__(self, start, end):
        super().__init__()
        self.start, self.end = start, end

    def __iter__(self):
        return iter(range(self.start, self.end))

    def __len__(self):
        return self.end - self.start


sq = Squares(5)
print(sq[2], len(sq))
both = sq + Squares(3)
print(type(both).__name__, len(both), both.cumulative_sizes, both[5], both[-1])
print([b['y'].tolist() for b in DataLoader(both, batch_size=3)])
try:
    Dataset()[0]
except NotImplementedError as e:
    print('NotImplementedError:', e)

print(list(DataLoader(Count(3, 7))))
print(list(DataLoader(Count(0, 7), batch_size=3)))
print(list(DataLoader(Count(0, 7), batch_size=3, drop_last=True)))
print(list(DataLoader(Count(0, 3), batch_size=None)))
print(len(DataLoader(Count(0, 7), batch_size=3)), len(DataLoader(Count(0, 7), batch_size=3, drop_last=True)))
chained = Count(0, 2) + Count(10, 12)
print(type(chained).__name__, list(chained), len(chained))
print(list(ChainDataset([Count(0, 2), Count(5, 6), Count(7, 9)])))
print(list(DataLoader(ChainDataset([Count(0, 3), Count(3, 5)]), batch_size=2)))

x, y = torch.arange(12.).reshape(6, 2), torch.arange(6)
td = TensorDataset(x, y)
print(td[1], td[1:3], len(td), len(td.tensors))
print(TensorDataset(torch.ones(3))[0])
try:
    TensorDataset(torch.ones(3, 2), torch.ones(4))
except AssertionError as e:
    print('AssertionError:', e)

sub = Subset(td, [5, 0, 3])
print(len(sub), sub[0], sub[-1][1], sub.indices)
print([b[1].tolist() for b in DataLoader(sub, batch_size=2)])
print(Subset(list('abcdef'), [1, 3])[1], Subset(sub, [2, 0])[0])

cat = ConcatDataset([td, Subset(td, [0, 1]), [(torch.zeros(2), torch.tensor(-1))]])
print(len(cat), cat.cumulative_sizes, cat[6][1], cat[7][1], cat[8], cat[-9][1])
print([b[1].tolist() for b in DataLoader(cat, batch_size=4)])
try:
    cat[-10]
except ValueError as e:
    print('ValueError:', e)
for bad in ([], [Count(0, 1)]):
    try:
        ConcatDataset(bad)
    except AssertionError as e:
        print('AssertionError:', e)
try:
    list(ChainDataset([Count(0, 1), [1, 2]]))
except AssertionError as e:
    print('AssertionError:', e)

st = StackDataset(td, Squares(6))
print(len(st), st[1])
named = StackDataset(a=td, b=list('uvwxyz'))
print(named[2])
print(named.__getitems__([0, 4]))
print([b['b'] for b in DataLoader(named, batch_size=4)])
for args, kwargs in (((td, sq), {'k': td}), ((), {}), ((td, Squares(2)), {})):
    try:
        StackDataset(*args, **kwargs)
    except ValueError as e:
        print('ValueError:', e)


class EveryOther(Subset):
    def __getitem__(self, i):
        return self.dataset[self.indices[i] * 2]


try:
    EveryOther(td, [0, 1])
except NotImplementedError as e:
    print('NotImplementedError:', str(e).splitlines()[0])
print(math.isclose(sum([0.2, 0.8]), 1))
