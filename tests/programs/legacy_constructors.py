# The legacy tensor constructors: torch.Tensor(...) and torch.FloatTensor,
# LongTensor, ... with PyTorch's rules (data, sizes, torch.Size, a tensor),
# isinstance against the legacy classes, Tensor.new / new_tensor / new_*,
# Tensor.type with a legacy class, and the errors. Sized constructors leave
# memory uninitialised as PyTorch does, so only their shapes are printed.
import torch

print(torch.Tensor([1, 2]), torch.Tensor([[1, 2], [3, 4]]).dtype, torch.Tensor((2, 3)))
print(torch.Tensor(2, 3).shape, torch.Tensor().shape, torch.Tensor(torch.Size([2])).shape, torch.Tensor(0).shape)
print(torch.FloatTensor([1, 2]), torch.DoubleTensor([1, 2]), torch.LongTensor([1, 2]), torch.IntTensor([1]))
print(torch.BoolTensor([True, False]), torch.ByteTensor([1, 2]), torch.HalfTensor([1.5]), torch.CharTensor([-1]))
print(torch.ShortTensor([3]), torch.BFloat16Tensor([2.5]))
print(torch.LongTensor(3).shape, torch.LongTensor(2, 2).dtype, torch.BoolTensor(2).dtype, torch.FloatTensor().shape)
print(torch.Tensor([1], device='cpu'), torch.Tensor(2, device='cpu').shape)

z = torch.zeros(2)
print(isinstance(z, torch.FloatTensor), isinstance(z.long(), torch.FloatTensor), isinstance(z.long(), torch.LongTensor))
print(isinstance(z, torch.Tensor), isinstance(z, (torch.LongTensor, torch.FloatTensor)), isinstance(1, torch.FloatTensor))
print(torch.FloatTensor, type(torch.FloatTensor([1])), isinstance(torch.FloatTensor([1]), torch.Tensor))
print(torch.FloatTensor.__name__, type(torch.FloatTensor), isinstance(torch.nn.Parameter(z), torch.FloatTensor))

x = torch.tensor([1., 2.])
a = torch.Tensor(x)
print(a, a is x, a.data_ptr() == x.data_ptr(), torch.Tensor(torch.tensor([1, 2])), torch.FloatTensor(x))
print(x.new_tensor([3, 4]), x.new_tensor([3, 4], dtype=torch.long), x.new_tensor([True]), x.new_tensor(5))
print(x.new_tensor([1.5], requires_grad=True), x.new_zeros(2), x.new_ones((1, 2)), x.new_full((2,), 7))
print(x.new_empty(3).shape, x.new([1, 2]), x.new(2).shape, x.new().shape, torch.tensor([1, 2]).new([3]))
print(x.type(), x.type(torch.LongTensor), x.type('torch.DoubleTensor'), torch.LongTensor([1]).type())

def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

show(lambda: torch.Tensor([1], dtype=torch.long))
show(lambda: torch.FloatTensor(2, 3, dtype=torch.long))
show(lambda: torch.Tensor(x=1))
show(lambda: torch.Tensor('a'))
show(lambda: torch.FloatTensor([1, 'a']))
show(lambda: torch.Tensor(-1))
show(lambda: torch.Tensor(2.5))
show(lambda: torch.Tensor(None))
show(lambda: torch.Tensor(True))
show(lambda: torch.Tensor(2, 'a'))
show(lambda: torch.Tensor([[1], [2, 3]]))
show(lambda: torch.Tensor(torch.Size([2, -1])))
show(lambda: torch.LongTensor(x))
