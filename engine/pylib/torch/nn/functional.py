"""torch.nn.functional, written in the language backstep interprets.

Note [F in pylib]
PyTorch's torch.nn.functional is Python: each function checks its
arguments, warns (the implicit softmax dim, legacy size_average/reduce,
'mean' in kl_div, align_corners defaults), translates strings to ATen
enums and picks a fast path, then calls one ATen op (torch.X,
torch._C._nn.X or _VF.X). We do the same here, over the same ops (reached
as torch.X and as `_backstep_nn_ops`, our torch._C._nn), so a call builds
PyTorch's graph node for node and its checks, warnings (with the caller's
file:line, as stacklevel counts our frames exactly as CPython counts
PyTorch's) and tracebacks are PyTorch's. A native table could match the
ops but not the Python-level behaviour without re-deriving each rule in
C++; the cost is one interpreted call per F.X (F.relu ~1 µs over
torch.relu), while the functions PyTorch binds directly (F.linear,
F.conv2d, F.gelu, ...) are the very builtins here too and cost what
torch.X costs. The functions live in _functional_*.py by family; this file
gathers them under PyTorch's names.
"""

import math
import sys as _sys
import warnings

import torch
import _backstep_nn_ops as _nn
from torch import Tensor
from torch.nn import _reduction as _Reduction
from torch.nn._functional_utils import (
    assert_int_or_pair, boolean_dispatch, handle_torch_function, has_torch_function, has_torch_function_unary,
    has_torch_function_variadic)
from torch.nn._functional_activations import (
    _threshold, celu, elu, gumbel_softmax, glu, hardsigmoid, hardswish, hardtanh, leaky_relu, log_softmax, mish,
    relu, relu6, rrelu, selu, sigmoid, silu, softmax, softmin, softsign, tanh, tanhshrink, threshold)
from torch.nn._functional_dropout import (
    alpha_dropout, dropout, dropout1d, dropout2d, dropout3d, feature_alpha_dropout)
from torch.nn._functional_pool import (
    adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d, adaptive_max_pool1d,
    adaptive_max_pool1d_with_indices, adaptive_max_pool2d, adaptive_max_pool2d_with_indices, adaptive_max_pool3d,
    adaptive_max_pool3d_with_indices, avg_pool1d, avg_pool2d, avg_pool3d, fold, fractional_max_pool2d,
    fractional_max_pool2d_with_indices, fractional_max_pool3d, fractional_max_pool3d_with_indices, lp_pool1d,
    lp_pool2d, lp_pool3d, max_pool1d, max_pool1d_with_indices, max_pool2d, max_pool2d_with_indices, max_pool3d,
    max_pool3d_with_indices, max_unpool1d, max_unpool2d, max_unpool3d, unfold)
from torch.nn._functional_norm import (
    batch_norm, embedding, embedding_bag, group_norm, instance_norm, layer_norm, local_response_norm, normalize,
    rms_norm)
from torch.nn._functional_losses import (
    binary_cross_entropy, binary_cross_entropy_with_logits, cosine_embedding_loss, cross_entropy, ctc_loss,
    gaussian_nll_loss, hinge_embedding_loss, huber_loss, kl_div, l1_loss, margin_ranking_loss, mse_loss,
    multi_margin_loss, multilabel_margin_loss, multilabel_soft_margin_loss, nll_loss, poisson_nll_loss,
    smooth_l1_loss, soft_margin_loss, triplet_margin_loss, triplet_margin_with_distance_loss)
from torch.nn._functional_resample import (
    GRID_SAMPLE_INTERPOLATION_MODES, GRID_SAMPLE_PADDING_MODES, affine_grid, grid_sample, interpolate, pad,
    upsample, upsample_bilinear, upsample_nearest)
from torch.nn._functional_attention import multi_head_attention_forward, _canonical_mask, _none_or_dtype
from torch.nn._functional_extra import (
    grouped_mm, linear_cross_entropy, scaled_addmm, scaled_addmm_, scaled_grouped_mm, scaled_mm)

DType = int
np = None
TYPE_CHECKING = False

# typing's Optional and Callable, which PyTorch's F also exposes, are left
# out: importing typing would add ~30 ms to every program that imports F.

# The ATen bindings PyTorch's F re-exports as they are.
conv1d = torch.conv1d
conv2d = torch.conv2d
conv3d = torch.conv3d
conv_transpose1d = torch.conv_transpose1d
conv_transpose2d = torch.conv_transpose2d
conv_transpose3d = torch.conv_transpose3d
conv_tbc = torch.conv_tbc
threshold_ = torch.threshold_
relu_ = torch.relu_
hardtanh_ = _nn.hardtanh_
elu_ = _nn.elu_
selu_ = torch.selu_
celu_ = torch.celu_
leaky_relu_ = _nn.leaky_relu_
prelu = torch.prelu
rrelu_ = torch.rrelu_
logsigmoid = _nn.log_sigmoid
gelu = _nn.gelu
hardshrink = torch.hardshrink
softplus = _nn.softplus
softshrink = _nn.softshrink
linear = _nn.linear
bilinear = torch.bilinear
pixel_shuffle = torch.pixel_shuffle
pixel_unshuffle = torch.pixel_unshuffle
channel_shuffle = torch.channel_shuffle
native_channel_shuffle = torch.native_channel_shuffle
pairwise_distance = torch.pairwise_distance
pdist = torch.pdist
cosine_similarity = torch.cosine_similarity
one_hot = _nn.one_hot
scaled_dot_product_attention = _nn.scaled_dot_product_attention


def _claim_functions():
    # help() and reprs name the module a function is defined in: ours are
    # torch.nn.functional's, as PyTorch's are, wherever the file is.
    this = _sys.modules[__name__]
    for name in dir(this):
        value = getattr(this, name)
        if type(value).__name__ == 'function' and value.__module__.startswith('torch.nn._functional_'):
            value.__module__ = 'torch.nn.functional'


_claim_functions()
del _claim_functions
