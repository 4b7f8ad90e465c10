# Properties, __getattr__ fallbacks and operator dunders on a user class.
import time


class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    @property
    def norm1(self):
        return abs(self.x) + abs(self.y)


class Config:
    def __init__(self):
        self._values = {"lr": 0.1}

    def __getattr__(self, name):
        return self._values[name]


v, step, cfg = Vec(0, 0), Vec(1, -1), Config()
start = time.perf_counter()
acc = 0.0
for i in range(60000):
    v = v + step
    acc += v.norm1 * cfg.lr
print(f"{time.perf_counter() - start:.6f}")
assert v.x == 60000
