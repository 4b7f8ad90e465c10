"""torch.nn, written in the language backstep interprets: modules call
torch.nn.functional and ATen operators exactly as PyTorch's do, so a model
builds PyTorch's autograd graph node for node. See docs/nn.md."""
from torch.nn.parameter import Parameter, Buffer
from torch.nn.modules import (
    Module, Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict,
    Identity, Linear, Bilinear, LazyLinear, Flatten, Unflatten,
    Dropout, Dropout1d, Dropout2d, Dropout3d, AlphaDropout, FeatureAlphaDropout, Embedding,
    Threshold, ReLU, RReLU, Hardtanh, ReLU6, Sigmoid, Hardsigmoid, Tanh, SiLU, Mish, Hardswish, ELU, CELU,
    SELU, GLU, GELU, Hardshrink, LeakyReLU, LogSigmoid, Softplus, Softshrink, PReLU, Softsign, Tanhshrink,
    Softmin, Softmax, Softmax2d, LogSoftmax,
    L1Loss, NLLLoss, PoissonNLLLoss, GaussianNLLLoss, KLDivLoss, MSELoss, BCELoss, BCEWithLogitsLoss,
    HingeEmbeddingLoss, MultiLabelMarginLoss, SmoothL1Loss, HuberLoss, SoftMarginLoss, CrossEntropyLoss,
    MultiLabelSoftMarginLoss, CosineEmbeddingLoss, MarginRankingLoss, MultiMarginLoss, TripletMarginLoss,
    TripletMarginWithDistanceLoss, CTCLoss, PairwiseDistance, CosineSimilarity,
)
from torch.nn import functional, init, utils
