# An MLP classifier trained a few steps with a hand-written SGD update, with
# gradient clipping and the parameter <-> vector helpers of nn.utils.
import torch
from torch import nn
from torch.nn.utils import clip_grad_norm_, clip_grad_value_, parameters_to_vector, vector_to_parameters

torch.manual_seed(0)


class MLP(nn.Module):
    def __init__(self, d_in, hidden, d_out):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU(), nn.Dropout(0.2), nn.Linear(hidden, hidden),
                                 nn.Tanh(), nn.Linear(hidden, d_out))

    def forward(self, x):
        return self.net(x)


model = MLP(4, 8, 3)
loss_fn = nn.CrossEntropyLoss()
x = torch.randn(16, 4)
y = (x[:, 0] > 0).long() + (x[:, 1] > 0).long()
lr = 0.1
for step in range(5):
    model.zero_grad()
    logits = model(x)
    loss = loss_fn(logits, y)
    loss.backward()
    norm = clip_grad_norm_(model.parameters(), max_norm=1.0)
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad
    print(step, loss.item(), norm)
print(model.net[0].weight.grad)
print(model.net[-1].bias)

model.eval()
with torch.no_grad():
    pred = model(x).argmax(dim=1)
print(pred, (pred == y).float().mean())

# clipping by value, flat parameter vectors
model.train()
loss_fn(model(x), y).backward()
clip_grad_value_(model.parameters(), 0.05)
print(model.net[3].weight.grad.abs().max(), model.net[3].bias.grad)
vec = parameters_to_vector(model.parameters())
print(vec.shape, vec.grad_fn.name())
vector_to_parameters(torch.zeros_like(vec), model.parameters())
print(model.net[5].weight, model(x[:2]))
print(clip_grad_norm_([], 1.0), clip_grad_norm_(torch.ones(2, requires_grad=True), 1.0))
p = nn.Parameter(torch.ones(3))
p.grad = torch.tensor([3.0, 4.0, 0.0])
print(clip_grad_norm_(p, 1.0, norm_type=1.0), p.grad)
p.grad = torch.tensor([float('inf'), 1.0, 0.0])
try:
    clip_grad_norm_(p, 1.0, error_if_nonfinite=True)
except RuntimeError as e:
    print(e)

# set_to_none=False keeps zeroed gradient tensors
model.zero_grad(set_to_none=False)
print(model.net[0].bias.grad)
model.zero_grad()
print(model.net[0].bias.grad)
