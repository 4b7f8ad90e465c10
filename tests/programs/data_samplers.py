# The samplers, drawing what PyTorch's draw: Sequential, Random (with and
# without replacement, num_samples beyond the dataset, generator=),
# SubsetRandom, WeightedRandom, Batch, a user's Sampler subclass, and each
# one driving a DataLoader; their argument errors.
import torch
from torch.utils.data import (BatchSampler, DataLoader, RandomSampler, Sampler, SequentialSampler,
                              SubsetRandomSampler, TensorDataset, WeightedRandomSampler)

torch.manual_seed(1)
data = list(range(10))
print(list(SequentialSampler(data)), len(SequentialSampler(data)))
print(list(RandomSampler(data)))
print(list(RandomSampler(data, num_samples=23)), len(RandomSampler(data, num_samples=23)))
print(list(RandomSampler(data, num_samples=4)))
print(list(RandomSampler(data, replacement=True)))
print(list(RandomSampler(data, replacement=True, num_samples=40)))
g = torch.Generator().manual_seed(0)
print(list(RandomSampler(data, generator=g)), list(RandomSampler(data, generator=g)))
print(torch.rand(1))

print(list(SubsetRandomSampler([100, 200, 300, 400])))
print(list(SubsetRandomSampler(range(3, 9), generator=torch.Generator().manual_seed(2))))
print(len(SubsetRandomSampler([5, 6])))
w = WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 5, replacement=True)
print(list(w), len(w), w.weights)
print(list(WeightedRandomSampler([0.9, 0.4, 0.05, 0.2, 0.3, 0.1], 5, replacement=False)))
print(list(WeightedRandomSampler(torch.tensor([1., 0., 1.]), 4, generator=torch.Generator().manual_seed(3))))
print(torch.rand(1))

print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=False)))
print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=True)))
print(len(BatchSampler(range(10), 3, False)), len(BatchSampler(range(10), 3, True)), len(BatchSampler(range(9), 3, True)))
print(list(BatchSampler(RandomSampler(range(7)), 2, False)))
print(list(BatchSampler([4, 2, 0], 2, False)))


class EvenFirst(Sampler[int]):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        yield from range(0, self.n, 2)
        yield from range(1, self.n, 2)

    def __len__(self):
        return self.n


ds = TensorDataset(torch.arange(8) * 1.5)
print([b[0].tolist() for b in DataLoader(ds, batch_size=3, sampler=EvenFirst(8))])
print([b[0].tolist() for b in DataLoader(ds, batch_size=3, sampler=RandomSampler(ds, num_samples=5))])
print([b[0].tolist() for b in DataLoader(ds, sampler=WeightedRandomSampler([1] * 8, 3))])
print([b[0].tolist() for b in DataLoader(ds, batch_sampler=BatchSampler(EvenFirst(8), 3, True))])
print([b[0].tolist() for b in DataLoader(ds, batch_sampler=[[7, 0], [1], [2, 3, 4]])])
print([b[0].tolist() for b in DataLoader(ds, batch_size=4, sampler=[5, 6, 7, 0, 1])])
print(len(DataLoader(ds, batch_size=3, sampler=EvenFirst(8))), len(DataLoader(ds, batch_sampler=[[1], [2]])))
print(torch.rand(1))

try:
    len(Sampler())
except TypeError as e:
    print('TypeError:', e)
try:
    iter(Sampler()).__next__()
except NotImplementedError as e:
    print('NotImplementedError', e)
for make in (lambda: RandomSampler(data, replacement=1),
             lambda: RandomSampler(data, num_samples=0),
             lambda: RandomSampler([], num_samples=None),
             lambda: WeightedRandomSampler([1., 2.], 0),
             lambda: WeightedRandomSampler([1., 2.], True),
             lambda: WeightedRandomSampler([1., 2.], 2, replacement=None),
             lambda: WeightedRandomSampler([[1., 2.]], 2),
             lambda: BatchSampler(data, 0, False),
             lambda: BatchSampler(data, 2.0, False),
             lambda: BatchSampler(data, 2, 0)):
    try:
        make()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
try:
    list(WeightedRandomSampler([1., 1.], 3, replacement=False))
except RuntimeError as e:
    print('RuntimeError:', e)
