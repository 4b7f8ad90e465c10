x = torch.zeros(3)
