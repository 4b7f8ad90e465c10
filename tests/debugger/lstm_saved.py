# An LSTM's fused recurrence in the debugger: a module breakpoint on `LSTM`
# pauses at its nodes, and :saved / :node show MkldnnRnnLayerBackward0's saved
# fields (weights, hx_/cx_, hidden_size, ...) by PyTorch's names.
import torch
from torch import nn

torch.manual_seed(0)
lstm = nn.LSTM(2, 3, batch_first=True)
head = nn.Linear(3, 1)
out, (h, c) = lstm(torch.randn(1, 4, 2))
loss = head(out[:, -1]).sum()
loss.backward()
print(lstm.weight_hh_l0.grad.shape)
