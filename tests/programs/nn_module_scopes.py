# The module path each call runs under: backstep's debugger records it on
# every autograd node (_backstep_nn.module_path()); under PyTorch the same
# path comes from the root's named_modules(). The paths printed must agree.
import torch
from torch import nn

try:
    import _backstep_nn

    def current_path(module, root):
        return _backstep_nn.module_path()
except ImportError:
    def current_path(module, root):
        return {id(m): n for n, m in root.named_modules()}[id(module)]


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(4, 4)
        self.k = nn.Linear(4, 4)

    def forward(self, x):
        return torch.softmax(self.q(x) @ self.k(x).T, dim=-1) @ x


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()
        self.ff = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))

    def forward(self, x):
        return x + self.ff(self.attn(x))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Layer(), Layer()])
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.head(x)


def trace(root):
    visited = []
    hook = nn.modules.module.register_module_forward_pre_hook(
        lambda m, args: visited.append((current_path(m, root), type(m).__name__)))
    try:
        root(torch.randn(3, 4))
    finally:
        hook.remove()
    return visited


torch.manual_seed(0)
model = Encoder()
for path, name in trace(model):
    print(repr(path), name)
# A submodule called on its own is a root: paths start again from it.
print(trace(model.layers[1]))
# After the tree changes, paths follow it.
model.layers.append(Layer())
del model.layers[0]
print(trace(model)[:4], len(trace(model)))
