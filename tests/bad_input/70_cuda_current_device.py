import torch
print(torch.cuda.is_available())
torch.cuda.manual_seed(0)
n = torch.cuda.current_device()
