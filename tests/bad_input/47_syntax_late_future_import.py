import torch
from __future__ import annotations
