# Tensor.is_cpu: where the tensor lives (True on the CPU, False for meta);
# read-only, as is is_cuda.
import torch

t = torch.zeros(2)
print(t.is_cpu, t.is_cuda, torch.zeros(2, device="meta").is_cpu)
print(torch.ones(2, 3).t().is_cpu, (t + 1).is_cpu, t.double().is_cpu)
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).sum()
y.backward()
print(x.grad.is_cpu, y.is_cpu, x.grad)
for name in ("is_cpu", "is_cuda"):
    try:
        setattr(t, name, True)
    except AttributeError as e:
        print("AttributeError:", e)
print("is_cpu" in dir(t))
