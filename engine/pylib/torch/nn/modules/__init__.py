"""torch.nn.modules: the layer classes, one family per file as PyTorch lays
them out (conv, pooling, normalisation, recurrent and transformer layers
drop in beside these)."""
from torch.nn.modules.module import Module
from torch.nn.modules.container import Container, Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict
from torch.nn.modules.linear import Identity, Linear, Bilinear, LazyLinear
from torch.nn.modules.flatten import Flatten, Unflatten
from torch.nn.modules.dropout import Dropout, Dropout1d, Dropout2d, Dropout3d, AlphaDropout, FeatureAlphaDropout
from torch.nn.modules.sparse import Embedding
from torch.nn.modules.activation import (
    Threshold, ReLU, RReLU, Hardtanh, ReLU6, Sigmoid, Hardsigmoid, Tanh, SiLU, Mish, Hardswish, ELU, CELU,
    SELU, GLU, GELU, Hardshrink, LeakyReLU, LogSigmoid, Softplus, Softshrink, PReLU, Softsign, Tanhshrink,
    Softmin, Softmax, Softmax2d, LogSoftmax,
)
from torch.nn.modules.loss import (
    L1Loss, NLLLoss, NLLLoss2d, PoissonNLLLoss, GaussianNLLLoss, KLDivLoss, MSELoss, BCELoss, BCEWithLogitsLoss,
    HingeEmbeddingLoss, MultiLabelMarginLoss, SmoothL1Loss, HuberLoss, SoftMarginLoss, CrossEntropyLoss,
    MultiLabelSoftMarginLoss, CosineEmbeddingLoss, MarginRankingLoss, MultiMarginLoss, TripletMarginLoss,
    TripletMarginWithDistanceLoss, CTCLoss,
)
from torch.nn.modules.distance import PairwiseDistance, CosineSimilarity
from torch.nn.modules.conv import (
    Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d, ConvTranspose3d,
    LazyConv1d, LazyConv2d, LazyConv3d, LazyConvTranspose1d, LazyConvTranspose2d, LazyConvTranspose3d,
)
from torch.nn.modules.pooling import (
    MaxPool1d, MaxPool2d, MaxPool3d, MaxUnpool1d, MaxUnpool2d, MaxUnpool3d, AvgPool1d, AvgPool2d, AvgPool3d,
    FractionalMaxPool2d, FractionalMaxPool3d, LPPool1d, LPPool2d, LPPool3d, AdaptiveMaxPool1d,
    AdaptiveMaxPool2d, AdaptiveMaxPool3d, AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveAvgPool3d,
)
from torch.nn.modules.batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d, LazyBatchNorm1d, LazyBatchNorm2d, LazyBatchNorm3d
from torch.nn.modules.batchnorm import SyncBatchNorm
from torch.nn.modules.instancenorm import (
    InstanceNorm1d, InstanceNorm2d, InstanceNorm3d, LazyInstanceNorm1d, LazyInstanceNorm2d, LazyInstanceNorm3d,
)
from torch.nn.modules.normalization import LocalResponseNorm, CrossMapLRN2d, LayerNorm, GroupNorm, RMSNorm
from torch.nn.modules.padding import (
    CircularPad1d, CircularPad2d, CircularPad3d, ConstantPad1d, ConstantPad2d, ConstantPad3d,
    ReflectionPad1d, ReflectionPad2d, ReflectionPad3d, ReplicationPad1d, ReplicationPad2d, ReplicationPad3d,
    ZeroPad1d, ZeroPad2d, ZeroPad3d,
)
from torch.nn.modules.pixelshuffle import PixelShuffle, PixelUnshuffle
from torch.nn.modules.channelshuffle import ChannelShuffle
from torch.nn.modules.upsampling import Upsample, UpsamplingNearest2d, UpsamplingBilinear2d
from torch.nn.modules.fold import Fold, Unfold
from torch.nn.modules.rnn import RNNBase, RNN, LSTM, GRU, RNNCellBase, RNNCell, LSTMCell, GRUCell
from torch.nn.modules.embedding_bag import EmbeddingBag
from torch.nn.modules.multihead import MultiheadAttention
from torch.nn.modules.transformer import (
    Transformer, TransformerEncoder, TransformerDecoder, TransformerEncoderLayer, TransformerDecoderLayer,
)
from torch.nn.modules.adaptive import AdaptiveLogSoftmaxWithLoss
from torch.nn.modules.linear_cross_entropy import LinearCrossEntropyLoss, LinearCrossEntropyOptions
