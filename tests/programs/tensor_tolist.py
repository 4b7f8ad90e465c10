# Tensor.tolist for every dtype family and shape: nested lists of Python
# bools, ints and floats (half and bfloat16 widened exactly), empty and
# non-contiguous tensors, and a 0-dim tensor's plain value.
import torch
print(torch.arange(6).reshape(2, 3).tolist(), torch.tensor([[True, False]]).tolist())
print(torch.arange(6.).reshape(3, 2).t().tolist(), torch.tensor([0.1, 1/3], dtype=torch.float16).tolist())
print(torch.tensor([0.1, 1/3], dtype=torch.bfloat16).tolist(), torch.tensor([0.1, 1/3]).tolist(), torch.tensor([0.1, 1/3], dtype=torch.float64).tolist())
print(torch.tensor([255, 3], dtype=torch.uint8).tolist(), torch.tensor([-5], dtype=torch.int8).tolist(), torch.zeros(2, 0, 3).tolist(), torch.zeros(0).tolist())
print(torch.tensor(3).tolist(), torch.tensor([2**40], dtype=torch.int64).tolist())
print(torch.tensor([float('nan'), float('inf'), -0.0]).tolist(), torch.arange(10)[::3].tolist(), torch.randn(3, requires_grad=True).exp().tolist().__class__)
print(torch.tensor([2**63 - 1]).tolist(), torch.ones(2, 2, 2, dtype=torch.int16).tolist())
