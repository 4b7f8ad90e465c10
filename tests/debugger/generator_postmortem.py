# An exception inside a generator: the post-mortem shows the generator's
# own frame, with its variables, inside the frame that iterated it.
import torch


def batches(data, size):
    for start in range(0, len(data), size):
        chunk = data[start:start + size]
        yield chunk.view(size)  # the last chunk is short: no view of that size


def total(data):
    s = torch.zeros(())
    for b in batches(data, 2):
        s = s + b.sum()
    return s


print(total(torch.arange(5.)))
