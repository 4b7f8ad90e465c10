# Runs N_BACKWARDS backwards (run_stress.py substitutes the number) that the
# debugger pauses at their first node, steps a few nodes into (a different
# number each time) and aborts; each raises RuntimeError at its call site
# and the loop goes on. Then a backward runs to the end and its gradient is
# checked.
import torch

w = torch.randn(64, 64, requires_grad=True)
aborted = 0
for i in range(N_BACKWARDS):
    h = torch.randn(8, 64)
    for layer in range(5):
        h = torch.tanh(h @ w)
    try:
        h.sum().backward()
    except RuntimeError as e:
        aborted += 1 if str(e) == "backward aborted" else 0
print("aborted", aborted)

a = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
b = torch.tensor([0.5, 4.0, -1.0])
(a * b).sum().backward()
print("after the aborts, a.grad == b:", torch.equal(a.grad, b))
