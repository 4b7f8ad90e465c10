# oracle: hand
# covers: gradcheck options that need forward-mode AD, vmap or fast mode, which backstep lacks, are refused with one sentence (NotImplementedError) before any work rather than skipped; PyTorch's own argument assertions come first. The refused calls get an input that does not require grad: PyTorch, which runs these modes, then stops with a ValueError before any backward, so tests/engine_order's PyTorch oracle still holds for this program.
import torch
from torch.autograd import gradcheck, gradgradcheck

x = torch.tensor([0.5, -1.0], dtype=torch.double, requires_grad=True)
frozen = torch.tensor([0.5, -1.0], dtype=torch.double)
for options in [{"fast_mode": True}, {"check_forward_ad": True}, {"check_batched_grad": True},
                {"check_backward_ad": False}, {"check_batched_forward_grad": True}]:
    try:
        gradcheck(torch.sin, (frozen,), **options)
    except (NotImplementedError, AssertionError, ValueError) as e:
        print(type(e).__name__ + ":", e)
for options in [{"fast_mode": True}, {"check_fwd_over_rev": True}, {"check_rev_over_rev": False}]:
    try:
        gradgradcheck(torch.sin, (frozen,), **options)
    except (NotImplementedError, AssertionError, ValueError) as e:
        print(type(e).__name__ + ":", e)
print(gradcheck(torch.sin, (x,), masked=True, check_batched_grad=False, fast_mode=False))
