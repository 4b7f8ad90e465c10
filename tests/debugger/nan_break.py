import torch

x = torch.tensor([0., 1., 4.], requires_grad=True)
s = torch.sqrt(x)
y = (s * torch.tensor([0., 1., 1.])).sum()
y.backward()
print(x.grad)
