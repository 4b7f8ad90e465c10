# differentiable=True: the update stays in the autograd graph (a tensor lr
# that requires grad gets a gradient through SGD's step; Adam's addcdiv).
import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
lr = torch.tensor(0.1, requires_grad=True)
p = w * 1.0
p.retain_grad()
(p ** 2).sum().backward(create_graph=True)
opt = torch.optim.SGD([p], lr=lr, momentum=0.5, differentiable=True)
opt.step()
print(p)
p.sum().backward()
print(lr.grad, w.grad)
q = torch.tensor([1.0, -1.0], requires_grad=True)
r = q * 2
r.retain_grad()
(r ** 3).sum().backward(create_graph=True)
a = torch.optim.Adam([r], lr=0.1, differentiable=True, weight_decay=0.1)
a.step()
print(r)
