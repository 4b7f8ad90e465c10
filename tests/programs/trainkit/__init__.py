"""A small package the way a training project lays itself out."""
from .registry import register, build, REGISTRY
from . import models

__all__ = ["register", "build", "models"]
__version__ = "0.3"
