# oracle: pytorch
# covers: classes as nn.Module is built: __setattr__/__getattr__ registries, __call__ to forward, super() chains, properties, classmethods, staticmethods, reprs, operators with reflection, user exceptions, MRO, and a backward through a hand-made model
import torch


class Parameter:
    def __init__(self, data):
        self.data = data.requires_grad_()

    def __repr__(self):
        return f"Parameter(shape={tuple(self.data.shape)})"


class Module:
    def __init__(self):
        object.__setattr__(self, "_params", {})
        object.__setattr__(self, "_children", {})
        self.training = True

    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            self._params[name] = value
        elif isinstance(value, Module):
            self._children[name] = value
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        if name in self._params:
            return self._params[name].data
        if name in self._children:
            return self._children[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def named_parameters(self, prefix=""):
        for name, p in self._params.items():
            yield prefix + name, p.data
        for child_name, child in self._children.items():
            yield from child.named_parameters(prefix + child_name + ".")

    def train(self, mode=True):
        self.training = mode
        for child in self._children.values():
            child.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def extra_repr(self):
        return ""

    def __repr__(self):
        lines = [f"  ({n}): " + repr(c).replace("\n", "\n  ") for n, c in self._children.items()]
        head = f"{type(self).__name__}({self.extra_repr()}"
        return head + ("\n" + "\n".join(lines) + "\n" if lines else "") + ")"


class Linear(Module):
    def __init__(self, fan_in, fan_out, bias=True):
        super().__init__()
        self.fan_in, self.fan_out = fan_in, fan_out
        self.weight = Parameter(torch.randn(fan_out, fan_in) / fan_in ** 0.5)
        if bias:
            self.bias = Parameter(torch.zeros(fan_out))

    def forward(self, x):
        y = x @ self.weight.t()
        return y + self.bias if "bias" in self._params else y

    def extra_repr(self):
        return f"in_features={self.fan_in}, out_features={self.fan_out}"


class Activation(Module):
    registry = {}

    def __init_subclass__(cls, name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        Activation.registry[name or cls.__name__.lower()] = cls

    @classmethod
    def build(cls, name):
        return cls.registry[name]()

    @staticmethod
    def describe():
        return "elementwise"


class Tanh(Activation, name="tanh"):
    def forward(self, x):
        return torch.tanh(x)


class LeakyReLU(Activation):
    slope = 0.1

    def forward(self, x):
        return torch.where(x > 0, x, self.slope * x)


class MLP(Module):
    def __init__(self, sizes, act="tanh"):
        super().__init__()
        self.depth = len(sizes) - 1
        for i, (a, b) in enumerate(zip(sizes, sizes[1:])):
            setattr(self, f"layer{i}", Linear(a, b))
        self.act = Activation.build(act)

    @property
    def num_parameters(self):
        return sum(p.numel() for _, p in self.named_parameters())

    def forward(self, x):
        for i in range(self.depth):
            x = getattr(self, f"layer{i}")(x)
            if i < self.depth - 1:
                x = self.act(x)
        return x


torch.manual_seed(0)
model = MLP([3, 4, 2])
print(model)
print(sorted(Activation.registry), Activation.describe(), Tanh.__mro__[1].__name__)
print([n for n, _ in model.named_parameters()], model.num_parameters)
x = torch.linspace(-1, 1, 6).reshape(2, 3)
loss = model(x).pow(2).mean()
loss.backward()
print(round(loss.item(), 6))
for name, p in model.named_parameters():
    print(name, p.grad.norm().item() > 0, p.grad.shape)
print(model.eval().training, model.layer0.training)
try:
    model.layer7
except AttributeError as e:
    print("AttributeError:", e)


class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, other):
        if isinstance(other, Vec):
            return Vec(self.x + other.x, self.y + other.y)
        if isinstance(other, (int, float)):
            return Vec(self.x + other, self.y + other)
        return NotImplemented

    __radd__ = __add__

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __rmul__(self, k):
        return self * k

    def __eq__(self, other):
        return isinstance(other, Vec) and (self.x, self.y) == (other.x, other.y)

    def __hash__(self):
        return hash((self.x, self.y))

    def __lt__(self, other):
        return (self.x, self.y) < (other.x, other.y)

    def __iter__(self):
        yield self.x
        yield self.y

    def __repr__(self):
        return f"Vec({self.x}, {self.y})"


print(Vec(1, 2) + Vec(3, 4), 1 + Vec(1, 1), 2 * Vec(1, 3), sum([Vec(1, 0), Vec(0, 1)], Vec(0, 0)))
print(sorted([Vec(2, 1), Vec(1, 5), Vec(1, 2)]), len({Vec(1, 2), Vec(1, 2)}), list(Vec(7, 8)))
try:
    Vec(1, 2) + "a"
except TypeError as e:
    print("TypeError:", e)
try:
    Vec(1, 2).z = 3
except AttributeError as e:
    print("AttributeError:", e)


class TrainingError(RuntimeError):
    def __init__(self, step, message):
        super().__init__(f"step {step}: {message}")
        self.step = step


try:
    raise TrainingError(300, "loss is NaN")
except RuntimeError as e:
    print(type(e).__name__, e, e.step, isinstance(e, Exception), e.args)
