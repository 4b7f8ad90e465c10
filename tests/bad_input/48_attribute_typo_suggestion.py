import torch
x = torch.ones(3, requires_grad=True)
y = x.mean()
print(y.grad_fn._saved_self_sizes)
