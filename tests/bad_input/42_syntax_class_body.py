import torch.nn as nn


class Net(nn.Module):
    def forward(self, x)
        return x * 2
