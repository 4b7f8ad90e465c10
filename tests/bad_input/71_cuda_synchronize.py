import torch
torch.cuda.synchronize()
