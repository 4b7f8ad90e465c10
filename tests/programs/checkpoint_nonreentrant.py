# torch.utils.checkpoint: the non-reentrant form recomputes the function's
# saved values in backward through saved-tensor hooks (the graph is the
# function's own); the reentrant form is a custom Function.
import torch
import torch.utils.checkpoint
from torch.utils.checkpoint import checkpoint

calls = []


def block(x, w):
    calls.append("block")
    h = torch.tanh(x @ w)
    return (h * h).sigmoid()


w = torch.tensor([[0.5, -1.0], [2.0, 0.25]], requires_grad=True)
x = torch.tensor([[1.0, 2.0], [-0.5, 0.5]], requires_grad=True)

out = checkpoint(block, x, w, use_reentrant=False)
print(out)
print(out.grad_fn.name(), out.grad_fn.next_functions[0][0].name())
print("calls after forward:", calls)
out.sum().backward()
print("calls after backward:", calls)
print(x.grad)
print(w.grad)

# the same gradients without checkpointing
x2 = x.detach().requires_grad_()
w2 = w.detach().requires_grad_()
block(x2, w2).sum().backward()
print(torch.allclose(x.grad, x2.grad), torch.allclose(w.grad, w2.grad))

# retain_graph: every backward recomputes once
calls.clear()
x.grad = None
w.grad = None
out = checkpoint(block, x, w, use_reentrant=False)
loss = out.sum()
loss.backward(retain_graph=True)
loss.backward()
print("calls:", calls)
print(x.grad)

# keyword arguments reach the function (non-reentrant only)
def scaled(x, scale=1.0):
    return (x * scale).exp()

y = checkpoint(scaled, x, scale=0.5, use_reentrant=False)
(gx,) = torch.autograd.grad(y.sum(), x)
print(gx)
try:
    checkpoint(scaled, x, scale=0.5, use_reentrant=True)
except ValueError as e:
    print("ValueError:", e)

# the module attribute path works too
z = torch.utils.checkpoint.checkpoint(torch.sin, x, use_reentrant=False)
z.sum().backward()
print(z.grad_fn.name())

# reentrant: a CheckpointFunctionBackward node
calls.clear()
x.grad = None
w.grad = None
r = checkpoint(block, x, w, use_reentrant=True)
print(r.grad_fn.name(), len(r.grad_fn.next_functions))
r.sum().backward()
print("calls:", calls)
print(x.grad)
print(w.grad)

# under no_grad nothing is recorded
with torch.no_grad():
    n = checkpoint(block, x, w, use_reentrant=False)
print(n.requires_grad)

# checkpoint_sequential over plain functions
fns = [torch.sin, torch.cos, torch.exp, torch.tanh]
from torch.utils.checkpoint import checkpoint_sequential
v = torch.tensor([0.1, 0.2], requires_grad=True)
s = checkpoint_sequential(fns, 2, v, use_reentrant=False)
s.sum().backward()
print(s, v.grad)

# random draws inside the checkpointed function are replayed in the
# recomputation (preserve_rng_state=True), or drawn again (False)
import torch.nn.functional as F

torch.manual_seed(0)
xd = torch.randn(4, 5, requires_grad=True)
wd = torch.randn(5, 5, requires_grad=True)


def dropout_block(t):
    return F.dropout(t @ wd, p=0.5, training=True).tanh()


for reentrant in (False, True):
    for preserve in (True, False):
        xd.grad = None
        torch.manual_seed(1)
        yd = checkpoint(dropout_block, xd, use_reentrant=reentrant, preserve_rng_state=preserve)
        yd.sum().backward()
        print(reentrant, preserve, yd.sum().item(), xd.grad.sum().item(), torch.rand(1))
