import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
h = torch.relu(x * 2)
loss = h.sum()
loss.backward()
print(x.grad)
