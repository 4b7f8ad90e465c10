# oracle: pytorch
# covers: `and` / `or` return an operand as it is; only the operands before the last are tested for truth (a tensor of several values as the last operand is returned, not converted to bool)
import torch

t = torch.ones(3)
print(True and t)
print(False or t)
print(None or t)
print(0 and t)
print([] or "empty", [1] and "full")
print(1 and 2 and 3, 0 or "" or None)
hook = lambda g: len(g) > 0 and g * 2
print(hook(t))
try:
    print(t and 1)
except RuntimeError as e:
    print("RuntimeError:", e)
