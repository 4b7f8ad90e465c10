import torch

# 64x64 gradients (big enough to be handed from a node's post-hook to the
# next node's pre-hook, Note [A gradient summarized once]), along paths
# where the tensor that arrives is and is not the one produced.
torch.manual_seed(0)
w = torch.randn(64, 64, requires_grad=True)
a = w * 3                      # MulBackward0: its input gets MulBackward0's product below, as is
b = a * 2                      # the next node up
b.register_hook(lambda g: g.mul_(4))   # b's gradient doubled in place on arrival: version changes
c = b + 1
c.register_hook(lambda g: g * 5)       # c's gradient replaced by a new tensor
d = c.tanh()
e = d + d                      # two gradients into d's input, accumulated
e.sum().backward()
print(w.grad.norm().item() > 0)
