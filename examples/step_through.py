# step_through: walk the backward pass of a tiny two-layer network node by
# node, in the order libtorch's engine runs it.
#
#   scripts/run debug examples/step_through.py
#   (backstep) :step           pause at the first node of the next backward
#   (#0) :grads                the gradient flowing in
#   (#0) :step                 run it, pause at the next one
#   (#1) :nodes                the whole graph: done / current / pending
#   (#1) :saved                what this node kept from the forward pass
#   (#1) :back                 look at the node before, as it was (#0)
#   (#0) :break AccumulateGrad if grad_outputs[0].abs().max() > 0.6
#   (#0) :continue             run to that breakpoint: it pauses at w2's
#                              AccumulateGrad (#3, its gradient peaks at
#                              0.728) and not at w1's (0.590)
#   (#3) :finish               run to the end
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(4, 3)
target = torch.randn(4, 2)
w1 = torch.randn(3, 5, requires_grad=True)
w2 = torch.randn(5, 2, requires_grad=True)

hidden = torch.tanh(x @ w1)
pred = hidden @ w2
loss = F.mse_loss(pred, target)
print("loss", round(loss.item(), 4))
loss.backward()
print("grad norms", round(w1.grad.norm().item(), 4), round(w2.grad.norm().item(), 4))
