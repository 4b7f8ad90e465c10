"""torch.utils: a package of submodules (checkpoint, ...), imported on use;
torch.utils.data is imported with the package, as `import torch` makes it
available in PyTorch."""
from torch.utils import data
