# covers: torch.func.grad of a function that closes over a parameter requiring
# grad: the gradient stays on the parameter's graph, as functorch's levels keep it
import torch
from torch.func import grad, vjp

w = torch.tensor([1.0, 2.0], requires_grad=True)
gc = grad(lambda t: (t * w * w).sum())(torch.tensor([3.0, 4.0]))
print(gc)
gc.sum().backward()
print(w.grad)
out, vjp_fn = vjp(lambda t: t.exp() * w, torch.zeros(2))
print(out)
g, = vjp_fn(torch.ones(2))
print(g)
(g * 3).sum().backward()
print(w.grad)
