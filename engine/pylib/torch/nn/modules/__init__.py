"""torch.nn.modules: the layer classes, one family per file as PyTorch lays
them out (conv, pooling, normalisation, recurrent and transformer layers
drop in beside these)."""
from torch.nn.modules.module import Module
from torch.nn.modules.container import Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict
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
    L1Loss, NLLLoss, PoissonNLLLoss, GaussianNLLLoss, KLDivLoss, MSELoss, BCELoss, BCEWithLogitsLoss,
    HingeEmbeddingLoss, MultiLabelMarginLoss, SmoothL1Loss, HuberLoss, SoftMarginLoss, CrossEntropyLoss,
    MultiLabelSoftMarginLoss, CosineEmbeddingLoss, MarginRankingLoss, MultiMarginLoss, TripletMarginLoss,
    TripletMarginWithDistanceLoss, CTCLoss,
)
from torch.nn.modules.distance import PairwiseDistance, CosineSimilarity
