# What the prompt assigns in the selected frame is what :p, :pp and
# :display see there afterwards, as at pdb's prompt: at a backward pause the
# frame is the call that created the node (kept while a debugger is
# attached), at a post-mortem the frame the exception left.
import torch


def layer(x, scale):
    h = x * scale
    table = {"shape": tuple(h.shape), "names": ["weight_%d" % i for i in range(9)], "scale": scale}
    return h.exp().sum()


x = torch.tensor([1., 2.], requires_grad=True)
loss = layer(x, 2.0)
loss.backward()
print("grad", x.grad)
bad = layer(x, "two")
