# __call__ through a small module-like hierarchy with super() and a
# forward method, as nn.Module's __call__ -> forward does.
import time


class Module:
    def __call__(self, x):
        return self.forward(x)


class Scale(Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, x):
        return x * self.k


class Chain(Module):
    def __init__(self, *mods):
        self.mods = mods

    def forward(self, x):
        for m in self.mods:
            x = m(x)
        return x


net = Chain(Scale(2), Scale(3), Scale(0.5))
start = time.perf_counter()
total = 0.0
for i in range(50000):
    total += net(1.0)
print(f"{time.perf_counter() - start:.6f}")
assert total == 150000.0
