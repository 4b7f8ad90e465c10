import torch

w = torch.nn.Parameter(torch.zeros(2))
optimizer = torch.optim.SGD([w], lr=0.1, momentum=0.9)
scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=3)
for step in range(5):
    optimizer.step()
    scheduler.step()
