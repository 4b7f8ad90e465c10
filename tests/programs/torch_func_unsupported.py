# oracle: hand
# covers: the torch.func transforms backstep cannot run through libtorch's C++ API
# raise NotImplementedError naming the function (PyTorch runs them: this output
# is backstep's own, checked by hand)
import torch
from torch.func import hessian, jacfwd, jacrev, vmap

x = torch.ones(2, 3)
for name, call in (("vmap", lambda: vmap(torch.sum)(x)),
                   ("jacrev", lambda: jacrev(torch.sin)(x)),
                   ("jacfwd", lambda: jacfwd(torch.sin)(x)),
                   ("hessian", lambda: hessian(lambda t: t.sum())(x)),
                   ("grad of a list", lambda: torch.func.grad(lambda ts: ts[0].sum())([x]))):
    try:
        call()
        print(name, "ran")
    except NotImplementedError as e:
        print("NotImplementedError:", e)
