# torch.save / torch.load round trips in PyTorch's checkpoint format: a
# state_dict-like OrderedDict, parameters, views that share storage, every
# common dtype, Python containers and scalars, file objects in binary mode,
# map_location and weights_only, and the errors of bad paths and files.
import os
import collections
import torch

base = '/tmp/backstep_serialization_%d' % os.getpid()
os.makedirs(base)
path = os.path.join(base, 'ck.pt')

torch.manual_seed(0)
w = torch.randn(3, 4)
sd = collections.OrderedDict()
sd['fc.weight'] = torch.nn.Parameter(w.clone())
sd['fc.bias'] = torch.nn.Parameter(torch.zeros(3), requires_grad=False)
sd['bn.running_mean'] = torch.arange(4.)
sd['bn.num_batches_tracked'] = torch.tensor(7)
torch.save(sd, path)
back = torch.load(path)
print(type(back).__name__, list(back.keys()))
for k, v in back.items():
    print(k, type(v).__name__, v.dtype, tuple(v.shape), v.requires_grad, torch.equal(v, sd[k]))
print(back['fc.weight'])

# views keep sharing one storage; offsets and strides survive
base_t = torch.arange(12.).reshape(3, 4)
obj = {'base': base_t, 'row': base_t[1], 'col': base_t[:, 2], 't': base_t.t(), 'same': base_t}
torch.save(obj, path)
o = torch.load(path)
print(o['row'], o['col'], o['t'].stride(), o['col'].storage_offset(), o['same'] is o['base'])
o['base'][1, 2] = 100.
print(o['row'], o['col'], o['t'][2])

# dtypes
ts = [torch.tensor([1.5, -2.0], dtype=d) for d in (torch.float16, torch.bfloat16, torch.float64, torch.float32)]
ts += [torch.tensor([1, -2], dtype=d) for d in (torch.int8, torch.int16, torch.int32, torch.int64)]
ts += [torch.tensor([1, 2], dtype=torch.uint8), torch.tensor([True, False]), torch.complex(torch.tensor([1., 3.]), torch.tensor([2., -1.]))]
ts += [torch.tensor(3.5), torch.zeros(0, 2), torch.ones(2, 3).t().contiguous()]
torch.save(ts, path)
for a, b in zip(ts, torch.load(path)):
    print(b.dtype, tuple(b.shape), torch.equal(a, b))

# requires_grad survives; the loaded tensor is a leaf
x = torch.ones(2, requires_grad=True)
torch.save({'x': x, 'y': x * 2}, path)
l = torch.load(path)
print(l['x'].requires_grad, l['x'].is_leaf, l['y'].requires_grad, l['y'].is_leaf, l['y'].grad_fn)

# Python values
vals = [1, -5, 2**40, -2**40, 255, 256, 65535, 65536, 2**31 - 1, -2**31, 1.5, -0.0, float('inf'), 'héllo', '',
        None, True, False, (1, (2, 3)), [], (), {'a': [1, 2]}, {1: 'x', (1, 2): None},
        torch.Size([2, 3]), torch.float16, torch.device('cpu'), {3, 4}, collections.OrderedDict(a=1)]
torch.save(vals, path)
print(torch.load(path))
shared = [1, 2]
torch.save([shared, shared], path)
s2 = torch.load(path)
print(s2[0] is s2[1])

# file objects opened in binary mode, weights_only=False, map_location
with open(path, 'wb') as f:
    torch.save({'k': torch.tensor([1, 2])}, f)
with open(path, 'rb') as f:
    print(torch.load(f))
print(torch.load(path, weights_only=False), torch.load(path, map_location='cpu'))
print(torch.load(path, map_location=torch.device('cpu')), torch.load(path, map_location={'cpu': 'cpu'}))
print(torch.load(path, map_location='meta'))

# instances of script classes, classes and functions (by reference) need weights_only=False
class Checkpoint:
    def __init__(self):
        self.epoch = 3
        self.state = {'w': torch.ones(2)}

class Stateful:
    def __getstate__(self):
        return {'n': 1}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.restored = True

torch.save({'ck': Checkpoint(), 'st': Stateful(), 'cls': Checkpoint, 'fn': len, 'int': int}, path)
full = torch.load(path, weights_only=False)
print(type(full['ck']).__name__, full['ck'].epoch, full['ck'].state, full['st'].n, full['st'].restored)
print(full['cls'] is Checkpoint, full['fn'] is len, full['int'] is int)
try:
    torch.load(path)
except Exception as e:
    print(type(e).__name__, str(e).split('WeightsUnpickler error: ')[1].split('.')[0])

# weights_only with classes the script allowlists
torch.save([Checkpoint()], path)
with torch.serialization.safe_globals([Checkpoint]):
    print(torch.load(path)[0].state)
try:
    torch.load(path)
except Exception as e:
    print(type(e).__name__, 'outside the with block')
torch.serialization.add_safe_globals([(Checkpoint, '__main__.Checkpoint')])
print(torch.load(path)[0].epoch)
torch.serialization.clear_safe_globals()
with open(path, 'wb') as f:
    torch.serialization.save({'a': 1}, f)
print(torch.serialization.load(path))

# errors
def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ':', str(e).replace(base, 'BASE').split(' at 0x')[0])

show(lambda: torch.load(os.path.join(base, 'missing.pt')))
show(lambda: torch.load(base))
show(lambda: torch.save(1, os.path.join(base, 'no', 'dir', 'x.pt')))
show(lambda: torch.save(1, base))
show(lambda: torch.save(1, 5))
show(lambda: torch.load(5))
with open(os.path.join(base, 'junk.pt'), 'w') as f:
    f.write('hello world, not a checkpoint')
show(lambda: torch.load(os.path.join(base, 'junk.pt')))
with open(os.path.join(base, 'empty.pt'), 'w') as f:
    pass
show(lambda: torch.load(os.path.join(base, 'empty.pt')))
show(lambda: torch.load(os.path.join(base, 'empty.pt'), weights_only=False))
show(lambda: torch.load(path, map_location='cuda'))
show(lambda: torch.save(lambda: 0, os.path.join(base, 'fn.pt')))
show(lambda: torch.save(os, os.path.join(base, 'module.pt')))
view_as_int = torch.zeros(4)
show(lambda: torch.save([view_as_int, view_as_int.view(torch.int32)], os.path.join(base, 'views.pt')))

for name in sorted(os.listdir(base)):
    os.remove(os.path.join(base, name))
os.rmdir(base)
