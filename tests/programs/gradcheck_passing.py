# oracle: pytorch
# covers: torch.autograd.gradcheck passing on correct functions: elementwise, matmul with weights, a loop, several outputs (one not differentiable), non-tensor arguments, list/tensor/tuple inputs, 0-dim and leaf-identity outputs, complex outputs, how often func runs, inputs left untouched
import torch
from torch.autograd import gradcheck

torch.manual_seed(0)
x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.double, requires_grad=True)
w = torch.randn(3, 2, dtype=torch.double, requires_grad=True)
b = torch.randn(2, dtype=torch.double, requires_grad=True)

print(gradcheck(torch.sin, (x,)))
print(gradcheck(lambda x, w, b: torch.tanh(x @ w + b), (x, w, b)))

calls = [0]


def power_loop(x, n, scale):
    calls[0] += 1
    y = x
    for i in range(n):
        y = y * x.cos() + scale
    return y


print(gradcheck(power_loop, (x, 3, 0.5)))
# 1 call for the outputs, 2 per input element, 1 for the undefined-grad check
print("calls:", calls[0])


def two_outputs(x, w):
    h = x @ w
    return h.exp(), h.detach() * 2, (x * x).sum()


print(gradcheck(two_outputs, [x, w]))
print(gradcheck(lambda t: t.sum() * 3, x))
print(gradcheck(lambda t: t, x))
print(gradcheck(lambda t: t[:0], x))
s = torch.tensor(0.3, dtype=torch.double, requires_grad=True)
print(gradcheck(lambda s, x: s * x + s ** 2, (s, x)))
frozen = torch.randn(3, dtype=torch.double)
print(gradcheck(lambda x, c: (x * c).sigmoid(), (x, frozen)))
print(gradcheck(lambda x: torch.complex(x, x * 2) ** 2, (x,)))
print(gradcheck(torch.sin, (x,), eps=1e-4, atol=1e-4, rtol=1e-2, nondet_tol=1e-12, check_undefined_grad=False,
                check_grad_dtypes=True))

# gradcheck perturbs through .data: the inputs' values and versions are as before
print(x, x._version, x.grad)
print(w.grad is None, b.grad is None)
