import torch
x = torch.zeros(2)
y = x.cuda()
