import torch

a = torch.tensor([1., 2.], requires_grad=True)
print("forward... ", end="")
b = a * 3
print("loss: ", end="")
breakpoint()
loss = b.sum()
print(loss.item(), end="")
loss.backward()
print(" grad", a.grad)
