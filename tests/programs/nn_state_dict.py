# state_dict / load_state_dict options: prefix, keep_vars, assign, strict=False,
# bad inputs, state-dict hooks, extra state and metadata.
import torch
from torch import nn
torch.manual_seed(0)
m = nn.Sequential(nn.Linear(2, 2), nn.Identity())
print(list(m.state_dict(prefix='model.').keys()))
sd = m.state_dict(keep_vars=True)
print(sd['0.weight'] is m[0].weight, m.state_dict()['0.weight'].requires_grad)
new = {k: torch.zeros_like(v) for k, v in m.state_dict().items()}
w = m[0].weight
print(m.load_state_dict(new, assign=True), m[0].weight is w, type(m[0].weight).__name__, m[0].weight.requires_grad)
print(m.load_state_dict({'0.weight': torch.ones(2, 2)}, strict=False))
try:
    m.load_state_dict([1, 2])
except TypeError as e:
    print(e)
try:
    m.load_state_dict({'0.weight': 3, '0.bias': torch.ones(2)})
except RuntimeError as e:
    print(e)
h = m.register_state_dict_post_hook(lambda mod, sd, prefix, meta: print('post', prefix, list(sd)))
m.state_dict()
h.remove()
h2 = m.register_load_state_dict_post_hook(lambda mod, keys: print('loaded', keys))
m.load_state_dict(m.state_dict())
class E(nn.Module):
    def __init__(self):
        super().__init__()
        self.v = 3
    def get_extra_state(self):
        return {'v': self.v}
    def set_extra_state(self, s):
        self.v = s['v']
e = E()
print(e.state_dict())
e.load_state_dict({'_extra_state': {'v': 9}})
print(e.v)
print(nn.Linear(2, 2).state_dict()._metadata)
