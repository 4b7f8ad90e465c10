import torch
import torch.nn.functional as F

logits = torch.randn(4, 3, requires_grad=True)
labels = torch.tensor([0, 2, 1])
loss = F.cross_entropy(logits, labels)
