# Runs N_STEPS forwards and backwards under the debugger, each forward in a
# function whose locals include a result with a grad_fn (h). The debugger
# keeps a returned call's variables for :up at a backward pause; they must
# not keep that call's graph alive once the step is over (Note [A returned
# frame holds its tensors weakly]): each step's h is 1 MB, so a graph kept
# per step shows as hundreds of megabytes.
import torch

w = torch.randn(256, 256, requires_grad=True)


def layer(x):
    h = x @ w
    return h.tanh()


for step in range(N_STEPS):
    out = layer(torch.randn(1024, 256))
    out.sum().backward()
print("steps", N_STEPS, "w.grad finite:", bool(torch.isfinite(w.grad).all()))
