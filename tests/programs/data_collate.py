# default_collate and default_convert on nested samples: tensors, ints,
# floats, bools, strings, dicts, tuples, lists and named tuples (with
# their dtypes), as a DataLoader collates them; ragged samples and
# unsupported types fail with PyTorch's errors; a custom collate_fn and
# the collate_fn_map extension point.
from collections import namedtuple

import torch
from torch.utils.data import DataLoader, default_collate, default_convert
from torch.utils.data._utils.collate import collate, default_collate_fn_map

print(default_collate([0, 1, 2, 3]))
print(default_collate([0.5, 1.0]))
print(default_collate([True, False, True]))
print(default_collate(['a', 'b', 'c']))
print(default_collate([b'x', b'y']))
print(default_collate([{'A': 0, 'B': 1}, {'A': 100, 'B': 100}]))
Point = namedtuple('Point', ['x', 'y'])
print(default_collate([Point(0, 0), Point(1, 1)]))
print(default_collate([Point(torch.ones(2), 'p'), Point(torch.zeros(2), 'q')]))
print(default_collate([(0, 1), (2, 3)]))
print(default_collate([[0, 1], [2, 3]]))
print(default_collate([torch.tensor([1., 2.]), torch.tensor([3., 4.])]))
print(default_collate([torch.tensor(1, dtype=torch.int32), torch.tensor(2, dtype=torch.int32)]))
print(default_collate([torch.ones(2, 2, requires_grad=True), torch.zeros(2, 2)]))

nested = [
    {'image': torch.full((2,), float(i)), 'label': i, 'meta': {'name': f'n{i}', 'score': i / 4, 'ok': i % 2 == 0},
     'pair': (i, float(i)), 'tags': [i, i + 10]}
    for i in range(3)
]
batch = default_collate(nested)
print(sorted(batch.keys()))
print(batch['image'], batch['label'], batch['meta'])
print(batch['pair'], batch['tags'])
print(type(batch['pair']).__name__, type(batch['meta']['name']).__name__)
for b in DataLoader(nested, batch_size=2):
    print(b['label'], b['meta']['name'], b['tags'])
print(list(DataLoader([(1, 'a'), (2, 'b'), (3, 'c')], batch_size=2)))
print(list(DataLoader([Point(1, 2.5), Point(3, 4.5)], batch_size=2)))

print(default_convert(0), default_convert('s'), default_convert(Point(1, 2)))
print(default_convert((1, 2)), default_convert([torch.ones(1), 2]), default_convert({'k': (1,)}))
print(list(DataLoader([(1, 'a'), (2, 'b')], batch_size=None)))
print(list(DataLoader([{'a': 1}], batch_size=None)))

print(list(DataLoader(range(5), batch_size=2, collate_fn=lambda b: sum(b))))
print(list(DataLoader([[1, 2], [3]], batch_size=2, collate_fn=lambda b: b)))
print(list(DataLoader(['x', 'y', 'z'], batch_size=None, collate_fn=str.upper)))


def pad_collate(batch, *, collate_fn_map=None):
    longest = max(len(t) for t in batch)
    return torch.stack([torch.cat([t, t.new_zeros(longest - len(t))]) for t in batch])


print(collate([torch.ones(1), torch.ones(3)], collate_fn_map={torch.Tensor: pad_collate}))
print(torch.Tensor in default_collate_fn_map, int in default_collate_fn_map)

for bad in ([[1, 2], [3]], [torch.ones(2), torch.ones(3)], [None, None], [object()], [(1, 2), (3,)],
            [{'a': 1}, {'b': 2}], [1, 'a']):
    try:
        print(default_collate(bad))
    except (RuntimeError, TypeError, KeyError) as e:
        msg = str(e)
        print(type(e).__name__ + ':', msg if 'object at' not in msg else msg.split(' at ')[0])
