# oracle: hand (the traceback's last line is checked by run_bad_input.py)
# expect-exit: 1
# covers: an uncaught gradcheck failure ends the program with status 1; stdout is what PyTorch prints, and the traceback's last line names the class as PyTorch does ("torch.autograd.gradcheck.GradcheckError: Jacobian mismatch for output 0 with respect to input 0,")
import torch
import torch.autograd.gradcheck

x = torch.tensor([1.0, 2.0], dtype=torch.double, requires_grad=True)


def wrong(x):
    y = x.exp()
    y.register_hook(lambda g: g * 0.5)
    return y


print(torch.autograd.gradcheck(torch.exp, x))
torch.autograd.gradcheck(wrong, x)
print("not reached")
