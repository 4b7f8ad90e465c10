import time
import torch

def slices(n):
    # A chain of n slices of a 1M-element tensor: building it is cheap, but
    # each SliceBackward0 fills a 1M-element gradient, so the backward is long.
    h = x
    for i in range(n):
        h = h[1:]
    return h.sum()

x = torch.ones(1000000, requires_grad=True)
start = time.perf_counter()
slices(200).backward()
per_node = (time.perf_counter() - start) / 200
loss = slices(50000)
print(f"backward of 50000 nodes, about {per_node * 50000:.1f} s", flush=True)
loss.backward()
print("backward done")
