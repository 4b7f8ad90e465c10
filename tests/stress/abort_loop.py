# Runs N_BACKWARDS backwards (run_stress.py substitutes the number) that
# the debugger pauses at a breakpoint and aborts (the command file says
# :abort each time); each raises RuntimeError at its call site and the loop
# goes on.
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
