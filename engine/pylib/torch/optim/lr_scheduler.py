"""torch.optim.lr_scheduler: learning-rate schedulers, as in PyTorch 2.15.

The classes live in private modules by kind (_lrs_base: LRScheduler and the
shared helpers; _lrs_simple: the one-formula schedulers; _lrs_cyclic:
CyclicLR, CosineAnnealingWarmRestarts, OneCycleLR; _lrs_composite:
SequentialLR, ChainedScheduler, ReduceLROnPlateau) and report this module as
their __module__. See docs/lr_scheduler.md.
"""
from torch.optim._lrs_base import EPOCH_DEPRECATION_WARNING, LRScheduler, _LRScheduler
from torch.optim._lrs_simple import (
    ConstantLR, CosineAnnealingLR, ExponentialLR, LambdaLR, LinearLR, MultiStepLR,
    MultiplicativeLR, PolynomialLR, StepLR)
from torch.optim._lrs_cyclic import CosineAnnealingWarmRestarts, CyclicLR, OneCycleLR
from torch.optim._lrs_composite import ChainedScheduler, ReduceLROnPlateau, SequentialLR

__all__ = [
    "LambdaLR",
    "MultiplicativeLR",
    "StepLR",
    "MultiStepLR",
    "ConstantLR",
    "LinearLR",
    "ExponentialLR",
    "SequentialLR",
    "CosineAnnealingLR",
    "ChainedScheduler",
    "ReduceLROnPlateau",
    "CyclicLR",
    "CosineAnnealingWarmRestarts",
    "OneCycleLR",
    "PolynomialLR",
    "LRScheduler",
]
