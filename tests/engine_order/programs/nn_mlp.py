# An MLP built from nn.Linear / nn.ReLU / nn.Sequential with a loss module:
# the graph (AddmmBackward0, TBackward0, ReluBackward0, MseLossBackward0,
# AccumulateGrad of every parameter) and the engine order must be PyTorch's.
import torch
from torch import nn

torch.manual_seed(0)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU())
        self.head = nn.Linear(8, 2, bias=False)

    def forward(self, x):
        return self.head(self.body(x))


model = MLP()
x = torch.randn(5, 4)
out = model(x)
loss = nn.MSELoss()(out, torch.zeros(5, 2))
loss.backward()
ce = nn.CrossEntropyLoss(label_smoothing=0.1)(model(x), torch.tensor([0, 1, 1, 0, 1]))
ce.backward()
print([tuple(p.grad.shape) for p in model.parameters()])
