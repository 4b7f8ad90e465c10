# torch.typename: a tensor's legacy type string, a class's or function's
# module-qualified name, otherwise its class's (builtins unqualified).
import torch
import torch.nn as nn

print(torch.typename(torch.zeros(2)))
print(torch.typename(torch.zeros(2, dtype=torch.int64)))
print(torch.typename(torch.zeros(2, dtype=torch.float64, requires_grad=True)))
print(torch.typename(torch.zeros(2, dtype=torch.bool)))
print(torch.typename(torch.zeros(2, dtype=torch.uint8)))
print(torch.typename(3), torch.typename(2.5), torch.typename("s"), torch.typename(None), torch.typename([1]))
print(torch.typename(int), torch.typename(list), torch.typename(len))
print(torch.typename(nn.Linear(2, 2)))
print(torch.typename(nn.Linear))
print(torch.typename(nn.Parameter))
print(torch.typename(nn.Parameter(torch.ones(1))))


def f():
    pass


class C:
    class D:
        pass

    def m(self):
        pass


print(torch.typename(f), torch.typename(C), torch.typename(C.D), torch.typename(C()))
print(torch.typename(C.m), torch.typename(C().m), torch.typename(lambda: 0))
print(torch.typename(torch.float32), torch.typename(torch.Size([1])), torch.typename(torch.device("cpu")))
print(torch.typename(torch.typename))
x = torch.ones(3, requires_grad=True)
y = (x * 2).sum()
y.backward()
print(torch.typename(x.grad), x.grad)
