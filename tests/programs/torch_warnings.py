# libtorch's warnings (TORCH_WARN) go through the warnings module, as in
# PyTorch: catch_warnings(record=True) records them with the script's
# location and the C++ location in the message, filters ignore them or
# turn them into errors, and a replaced showwarning sees them.
import warnings

import torch

x = torch.arange(3.)


def index_with_uint8_mask():
    return x[torch.tensor([1, 0, 1], dtype=torch.uint8)]


def add_into_wrong_size():
    out = torch.zeros(2)
    torch.add(x, x, out=out)
    return out


def show(records):
    for r in records:
        print(r.category.__name__, r.filename == __file__, r.lineno, r.line)
        print('  ', str(r.message))


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print(index_with_uint8_mask())
    print(add_into_wrong_size())
show(caught)
print(caught[0].message.__class__.__name__, isinstance(caught[0].message, UserWarning))

with warnings.catch_warnings(record=True) as caught:
    warnings.filterwarnings('ignore', message='indexing with dtype')
    index_with_uint8_mask()
    add_into_wrong_size()
print([str(r.message)[:40] for r in caught])

with warnings.catch_warnings():
    warnings.filterwarnings('error', category=UserWarning)
    try:
        add_into_wrong_size()
        print('no error')
    except UserWarning as e:
        print('raised', type(e).__name__, str(e)[:60])
    try:
        torch.autograd.gradcheck(lambda t: t * 2, (torch.ones(2, requires_grad=True),))
        print('no error')
    except UserWarning as e:
        print('raised', type(e).__name__, str(e)[:60])

seen = []


def remember(message, category, filename, lineno, file=None, line=None):
    seen.append((category.__name__, str(message)[:30], lineno))


with warnings.catch_warnings():
    warnings.simplefilter('always')
    warnings.showwarning = remember
    index_with_uint8_mask()
print(seen)

# the default filter shows each one once per location, on stderr
for _ in range(3):
    index_with_uint8_mask()
print('done')
