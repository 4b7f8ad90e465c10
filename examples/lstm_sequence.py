# An LSTM on a synthetic memory task: the label of each sequence is the sign
# of its FIRST value; the other eleven steps are noise. To learn it, the
# gradient has to travel back through every step of the recurrence, so the
# interesting question is how much of it reaches step 0. The loop trains a
# few steps of plain SGD and prints, per time step, the norm of the gradient
# that arrives at the input: watch it fade from the last step to the first.
# The whole recurrence is one fused node per layer (MkldnnRnnLayerBackward0,
# as in PyTorch), created inside the module `lstm`:
#
#   backstep render examples/lstm_sequence.py -o lstm.png --var loss --module-depth 1
#
# In the debugger, a breakpoint on the module pauses at each node it made:
#
#   backstep debug examples/lstm_sequence.py
#   (backstep) :break module lstm
#   (backstep) :continue   first at its batch_first transpose (#6) ...
#   (#6) :continue         ... then at the fused MkldnnRnnLayerBackward0 (#8)
#   (#8) :where            its module stack and the lines that made it
import torch
from torch import nn
import torch.nn.functional as F


class SignOfFirst(nn.Module):
    def __init__(self, hidden=8):
        super().__init__()
        self.lstm = nn.LSTM(input_size=1, hidden_size=hidden, batch_first=True)
        self.head = nn.Linear(hidden, 2)

    def forward(self, x):
        out, (h, c) = self.lstm(x)
        return self.head(out[:, -1])


torch.manual_seed(0)
model = SignOfFirst()
print(model)
print("parameters:", sum(p.numel() for p in model.parameters()))

steps = 12
x = torch.randn(16, steps, 1) * 0.5
labels = (x[:, 0, 0] > 0).long()
for step in range(5):
    inputs = x.clone().requires_grad_()
    loss = F.cross_entropy(model(inputs), labels)
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= 0.5 * p.grad
    print(f"step {step}: loss {loss.item():.4f}")

per_step = inputs.grad.norm(dim=(0, 2))
print("input gradient norm per time step (first -> last):")
print(per_step)
print(f"last / first: {(per_step[-1] / per_step[0]).item():.1f}x")
print("hidden-to-hidden weight grad norm:", round(model.lstm.weight_hh_l0.grad.norm().item(), 4))
print("loss grad_fn chain:", loss.grad_fn.name(), "<-", loss.grad_fn.next_functions[0][0].name())
