# What a program sees of CUDA on a machine without a GPU (the test machines):
# quiet queries and seeding, PyTorch's own error for every CUDA request, and
# save_on_cpu(pin_memory=True) working as it does without CUDA.
import torch

print(torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.is_initialized())
torch.manual_seed(0)
torch.cuda.manual_seed(0)
torch.cuda.manual_seed_all(1)
torch.cuda.empty_cache()
print(torch.cuda.memory_allocated(), torch.cuda.max_memory_allocated())
device = "cuda" if torch.cuda.is_available() else "cpu"
print(device, torch.device("cuda"), repr(torch.device("cuda", 1)), torch.device("cuda:0").type)

requests = [
    ("torch.zeros(device='cuda')", lambda: torch.zeros(1, device="cuda")),
    ("Tensor.cuda()", lambda: torch.zeros(1).cuda()),
    ("Tensor.to('cuda')", lambda: torch.randn(2).to("cuda")),
    ("Tensor.to(device)", lambda: torch.randn(2).to(torch.device("cuda:1"))),
    ("torch.tensor(device=)", lambda: torch.tensor([1.0], device="cuda")),
    ("current_device", torch.cuda.current_device),
    ("synchronize", torch.cuda.synchronize),
    ("get_device_name", torch.cuda.get_device_name),
    ("set_device", lambda: torch.cuda.set_device(0)),
    ("init", torch.cuda.init),
    ("pin_memory()", lambda: torch.zeros(2).pin_memory()),
    ("pin_memory=True", lambda: torch.zeros(2, pin_memory=True)),
]
for what, request in requests:
    try:
        request()
        print(what, "worked")
    except RuntimeError as e:
        print(what, "->", type(e).__name__, e)
print(torch.cuda.is_initialized(), torch.zeros(2).is_pinned())

x = torch.randn(3, requires_grad=True)
with torch.autograd.graph.save_on_cpu(pin_memory=True):
    y = x.exp() * 2
saved = y.grad_fn.next_functions[0][0]._saved_result
print(saved.device, saved.is_pinned(), torch.equal(saved, x.exp()))
y.sum().backward()
print(torch.allclose(x.grad, 2 * x.exp()), x.grad.device)
