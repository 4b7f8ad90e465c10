"""torch.nn, written in the language backstep interprets: modules call
torch.nn.functional and ATen operators exactly as PyTorch's do, so a model
builds PyTorch's autograd graph node for node. See docs/nn.md."""
from torch.nn.parameter import Parameter, Buffer, UninitializedParameter, UninitializedBuffer
from torch.nn.modules import (
    Module, Container, Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict,
    Identity, Linear, Bilinear, LazyLinear, Flatten, Unflatten,
    Dropout, Dropout1d, Dropout2d, Dropout3d, AlphaDropout, FeatureAlphaDropout, Embedding,
    Threshold, ReLU, RReLU, Hardtanh, ReLU6, Sigmoid, Hardsigmoid, Tanh, SiLU, Mish, Hardswish, ELU, CELU,
    SELU, GLU, GELU, Hardshrink, LeakyReLU, LogSigmoid, Softplus, Softshrink, PReLU, Softsign, Tanhshrink,
    Softmin, Softmax, Softmax2d, LogSoftmax,
    L1Loss, NLLLoss, NLLLoss2d, PoissonNLLLoss, GaussianNLLLoss, KLDivLoss, MSELoss, BCELoss, BCEWithLogitsLoss,
    HingeEmbeddingLoss, MultiLabelMarginLoss, SmoothL1Loss, HuberLoss, SoftMarginLoss, CrossEntropyLoss,
    MultiLabelSoftMarginLoss, CosineEmbeddingLoss, MarginRankingLoss, MultiMarginLoss, TripletMarginLoss,
    TripletMarginWithDistanceLoss, CTCLoss, PairwiseDistance, CosineSimilarity,
)
from torch.nn.modules import (  # convolution, pooling, normalisation, padding, resampling
    Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d, ConvTranspose3d,
    LazyConv1d, LazyConv2d, LazyConv3d, LazyConvTranspose1d, LazyConvTranspose2d, LazyConvTranspose3d,
    MaxPool1d, MaxPool2d, MaxPool3d, MaxUnpool1d, MaxUnpool2d, MaxUnpool3d, AvgPool1d, AvgPool2d, AvgPool3d,
    FractionalMaxPool2d, FractionalMaxPool3d, LPPool1d, LPPool2d, LPPool3d, AdaptiveMaxPool1d,
    AdaptiveMaxPool2d, AdaptiveMaxPool3d, AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveAvgPool3d,
    BatchNorm1d, BatchNorm2d, BatchNorm3d, InstanceNorm1d, InstanceNorm2d, InstanceNorm3d,
    LazyBatchNorm1d, LazyBatchNorm2d, LazyBatchNorm3d, LazyInstanceNorm1d, LazyInstanceNorm2d, LazyInstanceNorm3d,
    SyncBatchNorm, LocalResponseNorm, CrossMapLRN2d, LayerNorm, GroupNorm, RMSNorm,
    CircularPad1d, CircularPad2d, CircularPad3d, ConstantPad1d, ConstantPad2d, ConstantPad3d,
    ReflectionPad1d, ReflectionPad2d, ReflectionPad3d, ReplicationPad1d, ReplicationPad2d, ReplicationPad3d,
    ZeroPad1d, ZeroPad2d, ZeroPad3d, PixelShuffle, PixelUnshuffle, ChannelShuffle,
    Upsample, UpsamplingNearest2d, UpsamplingBilinear2d, Fold, Unfold,
)
from torch.nn.modules import RNNBase, RNN, LSTM, GRU, RNNCellBase, RNNCell, LSTMCell, GRUCell
from torch.nn.modules import (  # recurrent, attention and bag layers
    MultiheadAttention, Transformer, TransformerEncoder, TransformerDecoder, TransformerEncoderLayer,
    TransformerDecoderLayer, EmbeddingBag, AdaptiveLogSoftmaxWithLoss,
    LinearCrossEntropyLoss, LinearCrossEntropyOptions,
)
from torch.nn import functional, init, utils, grad, common_types
from torch.nn import parallel
from torch.nn.parallel import DataParallel


def factory_kwargs(kwargs):
    """The device / dtype / memory_format keywords of `kwargs` as one dict for
    a factory function (with those of a nested `factory_kwargs` dict first);
    any other keyword is PyTorch's TypeError."""
    if kwargs is None:
        return {}
    simple_keys = ('device', 'dtype', 'memory_format')
    unexpected = kwargs.keys() - set(simple_keys) - {'factory_kwargs'}
    if unexpected:
        raise TypeError(f'unexpected kwargs {unexpected}')
    result = dict(kwargs.get('factory_kwargs', {}))
    for key in simple_keys:
        if key in kwargs:
            if key in result:
                raise TypeError(f'{key} specified twice, in **kwargs and in factory_kwargs')
            result[key] = kwargs[key]
    return result
