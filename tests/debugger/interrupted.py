# Issue 15 item 8: after a backward stopped part-way, :where and :grads
# describe the same node.
import torch

x = torch.tensor([1., 2., 3.], requires_grad=True)
y = (x * 2).exp().sum()
try:
    y.backward()
except RuntimeError as e:
    print("stopped:", e)
breakpoint()
