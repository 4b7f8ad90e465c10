import torch
name = torch.cuda.get_device_name()
