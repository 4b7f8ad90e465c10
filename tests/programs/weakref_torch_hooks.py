# A model whose hooks hold only a weak reference to it, as torch's own
# hooks do (module hooks, optimizer step hooks): the model is freed when the
# program drops it, its finalizer runs, and the hooks then see it gone.
import gc
import weakref

import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.calls = 0
        me = weakref.ref(self)

        def count_forward(module, inputs, output):
            net = me()
            if net is not None:
                net.calls += 1

        self.fc.register_forward_hook(count_forward)
        self.fc.weight.register_hook(lambda g: print("grad hook, net alive:", me() is not None) or g)

    def forward(self, x):
        return self.fc(x).relu()


net = Net()
x = torch.ones(4, 3)
out = net(x).sum()
out.backward()
print("calls", net.calls, "grad", net.fc.weight.grad.shape)

registry = weakref.WeakValueDictionary()
registry["net"] = net
dead = []
watch = weakref.ref(net, lambda w: dead.append("net freed"))
fc = net.fc  # the layer outlives the net
finalizer = weakref.finalize(net, print, "finalize: net gone")
print("registered", list(registry.keys()), finalizer.alive)
del net, out
gc.collect()
print("after del:", dead, list(registry.keys()), watch() is None, finalizer.alive)

# The layer still works; its hook finds the net gone.
y = fc(x).sum()
y.backward()
print("weight grad sum", round(fc.weight.grad.sum().item(), 4))

# A cycle through a tensor hook and weakrefs to the model.
class Holder(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(2))
        self.w.register_hook(lambda g: g * self.scale)
        self.scale = 2.0

    def __del__(self):
        print("Holder.__del__")


h = Holder()
hr = weakref.ref(h, lambda w: print("Holder weakref callback"))
(h.w * 3).sum().backward()
print("holder grad", h.w.grad.tolist())
del h
print("collected something", gc.collect() > 0, hr() is None)
print("end")
