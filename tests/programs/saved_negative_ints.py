# Saved ints of backward nodes read as PyTorch's generated properties give
# them: unsigned 64-bit, so a negative dim or index is 2**64 + value; saved
# Scalars keep their sign.
import torch

x = torch.ones(2, 3, requires_grad=True)
print(x.sum(-1).grad_fn._saved_dim)
print(x.permute(-1, 0).grad_fn._saved_dims)
s = x.select(-1, -2).grad_fn
print(s._saved_dim, s._saved_index)
print(x.unsqueeze(-1).grad_fn._saved_dim)
print(x.sum(1).grad_fn._saved_dim)
print(torch.add(x, x, alpha=-1).grad_fn._saved_alpha)
print(x.sum(-1).grad_fn._saved_dim[0] - 2**64)
