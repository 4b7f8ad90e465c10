# Layer details beyond forward: state_dict versions of BatchNorm, type
# conversion and deepcopy with buffers, unbatched convolutions, module
# names, the InstanceNorm warning, momentum=None, reprs and errors of the
# rarer pooling and upsampling modules.
import copy
import warnings
import torch
from torch import nn
torch.manual_seed(0)
m = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.ReLU())
m(torch.randn(2, 1, 5, 5))
sd = m.state_dict()
print(sd._metadata)
print({k: v.dtype for k, v in sd.items()})
m2 = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.ReLU())
plain = {k: v for k, v in sd.items() if 'num_batches' not in k}
print(m2.load_state_dict(plain))
print(m2[1].num_batches_tracked)
# With version metadata (2) a missing num_batches_tracked is an error.
sd2 = m.state_dict()
del sd2['1.num_batches_tracked']
try:
    print(m2.load_state_dict(sd2))
except RuntimeError as e:
    print('RuntimeError:', e)
d = m.double()
print(d[1].running_mean.dtype, d[1].num_batches_tracked.dtype, d[0].weight.dtype)
c = copy.deepcopy(m)
print(c[1].running_var)
print(nn.Conv2d(2, 3, (1, 3), padding=(0, 1), stride=(2, 1)))
print(nn.Conv1d(2, 3, 3)(torch.randn(2, 5)).shape)
ct = nn.ConvTranspose1d(2, 3, 3, stride=2)
print(ct(torch.randn(2, 4), output_size=[10]).shape)
print(nn.Conv2d.__constants__, nn.BatchNorm2d.__constants__)
print(type(nn.Conv2d(1, 1, 1)).__module__, nn.ChannelShuffle.__module__, nn.BatchNorm1d.__mro__)
ins = nn.InstanceNorm1d(3)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    ins(torch.randn(2, 4, 5))
    print(len(w), str(w[0].message))
bn = nn.BatchNorm1d(3, momentum=None)
for i in range(3):
    bn(torch.randn(4, 3) * (i + 1))
print(bn.running_var, bn.num_batches_tracked)
bn.reset_running_stats()
print(bn.running_mean, bn.num_batches_tracked)
print(nn.Upsample(size=(2, 3)), nn.Upsample(scale_factor=0))
print(nn.MaxPool2d((2, 1), stride=1, padding=(1, 0)), nn.AvgPool2d((2, 1)), nn.LPPool2d(2, 3, stride=1))
print(nn.FractionalMaxPool2d(2, output_size=3), nn.AdaptiveMaxPool2d((None, 2)))
print(nn.FractionalMaxPool2d(2, output_ratio=0.5)(torch.randn(1, 1, 6, 6)).shape)
bad = [lambda: nn.FractionalMaxPool2d(2), lambda: nn.FractionalMaxPool2d(2, output_ratio=1.5),
       lambda: nn.FractionalMaxPool3d(0, output_size=2)]
for make in bad:
    try:
        make()
    except ValueError as e:
        print('ValueError:', e)
