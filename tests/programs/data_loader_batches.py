# DataLoader batches as PyTorch makes them: in order, shuffled from torch's
# default generator (after torch.manual_seed) and from a generator= of its
# own, drop_last, batch_size=None, len(), the global generator's state after
# each epoch (every iter() draws a base seed, shuffled or not), and
# random_split with lengths and with fractions.
import torch
from torch.utils.data import DataLoader, TensorDataset, random_split

torch.manual_seed(0)
x = torch.arange(20.).reshape(10, 2)
y = torch.arange(10) * 10
ds = TensorDataset(x, y)
print(len(ds), ds[3], ds[-1])

print('in order')
for xb, yb in DataLoader(ds, batch_size=4):
    print(xb.tolist(), yb)
print(torch.rand(1))

print('shuffled, two epochs')
loader = DataLoader(ds, batch_size=3, shuffle=True)
print(len(loader))
for epoch in range(2):
    for i, (xb, yb) in enumerate(loader):
        print(epoch, i, yb.tolist(), xb.shape)
    print(torch.rand(1))

print('drop_last')
loader = DataLoader(ds, batch_size=4, shuffle=True, drop_last=True)
print(len(loader), [yb.tolist() for _, yb in loader])
print(torch.randint(100, (3,)))

print('generator=')
g = torch.Generator().manual_seed(7)
before = torch.get_rng_state()
loader = DataLoader(ds, batch_size=4, shuffle=True, generator=g)
print([yb.tolist() for _, yb in loader])
print([yb.tolist() for _, yb in loader])
print(torch.equal(before, torch.get_rng_state()), g.initial_seed())
g.manual_seed(7)
print([yb.tolist() for _, yb in loader])

print('same seed, same batches')
torch.manual_seed(3)
first = [yb.tolist() for _, yb in DataLoader(ds, batch_size=5, shuffle=True)]
torch.manual_seed(3)
second = [yb.tolist() for _, yb in DataLoader(ds, batch_size=5, shuffle=True)]
print(first, first == second)

print('batch_size=None and batch_size=1')
for sample in DataLoader(ds, batch_size=None, shuffle=True):
    print(sample[1].item(), end=' ')
print()
print(next(iter(DataLoader(ds))))
print(next(iter(DataLoader(ds, batch_size=None))))

print('a plain list as the dataset')
words = ['a', 'b', 'c', 'd', 'e']
print(list(DataLoader(words, batch_size=2, shuffle=True)))
print(list(DataLoader(list(range(7)), batch_size=3)))
print(list(DataLoader([1.5, 2.5, 3.5], batch_size=2)))

print('random_split')
torch.manual_seed(0)
train, val = random_split(ds, [8, 2])
print(type(train).__name__, len(train), len(val), train.indices, val.indices)
print(val[0], val[1][1])
parts = random_split(range(10), [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(42))
print([list(p) for p in parts])
parts = random_split(range(11), [0.5, 0.5])
print([len(p) for p in parts], [list(p) for p in parts])
parts = random_split(range(7), [0.34, 0.33, 0.33])
print([list(p) for p in parts])
for xb, yb in DataLoader(train, batch_size=3, shuffle=True):
    print(yb.tolist())
try:
    random_split(range(10), [3, 3])
except ValueError as e:
    print('ValueError:', e)
try:
    random_split(range(10), [1.5, -0.5])
except ValueError as e:
    print('ValueError:', e)
print(torch.rand(2))
