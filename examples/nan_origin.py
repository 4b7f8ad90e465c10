# nan_origin: a NaN gradient born several nodes before the loss.
#
# The loss below is finite, yet w.grad comes out with NaN in it. Which node
# made it? Run it under the debugger and stop where it first goes wrong:
#
#   scripts/run debug examples/nan_origin.py --break inf --break nan
#   (#..) :where       the node whose output is no longer finite
#   (#..) :grads       what flowed in (finite) and what came out (Inf)
#   (#..) :list        the program line that created that node
#   (#..) :continue    on to where the Inf turns into NaN (0 * Inf)
#   (#..) :history     everything the backward ran so far
#
# The culprit is the square root of an all-zero row's sum: d sqrt(s)/ds =
# 1 / (2 sqrt(0)) is Inf, and the next node multiplies it by h = 0.
import torch

torch.manual_seed(0)
x = torch.randn(6, 4)
x[2] = 0.0                      # one sample is all zeros
w = torch.randn(4, 3, requires_grad=True)

h = x @ w                       # row 2 of h is zero too
lengths = torch.sqrt((h ** 2).sum(dim=1))  # row 2: sqrt(0), whose slope is infinite
scores = lengths / (1 + lengths)
loss = scores.mean() + 0.01 * (w ** 2).sum()
print("loss is finite:", bool(torch.isfinite(loss)))

loss.backward()
print("w.grad has NaN:", bool(torch.isnan(w.grad).any()))
