# At a backward pause `node`, `grad_outputs` and `grad_inputs` are seen from
# every frame, also one of another module than the one running the backward
# (the node below is made in frame_helpers/layers.py), as pdb's convenience
# variables are; they are no global of the program (globals() does not list
# them, and they are gone after the pause). :nodes names AccumulateGrad as
# grad_fn's repr does.
import torch
from frame_helpers.layers import layer

x = torch.tensor([0.5, -1.0], requires_grad=True)
loss = layer(x)
loss.backward()
print("x.grad", x.grad)
print("node" in globals(), "grad_outputs" in globals())
