# One libtorch call far longer than the --timeout the test gives: the
# interrupt is never seen (it is checked between statements and between
# backward nodes), so --timeout's last resort ends the process.
import torch

a = torch.ones(8000, 8000)
print("multiplying", flush=True)
b = a @ a
print("done", b[0, 0].item())
