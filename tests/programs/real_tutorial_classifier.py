"""A tutorial-style training script, as people write them: a dataclass
config, typing annotations, a custom Dataset of synthetic 2-D points, a
DataLoader, train/evaluate loops with model.train()/eval() and
torch.no_grad(), a Counter of the labels, functools.partial and lru_cache,
a progress line built with print(..., end=''), early stopping on the best
validation loss, and a checkpoint saved and loaded with state_dict."""
from __future__ import annotations

import math
import os
import tempfile
import time
from collections import Counter, defaultdict, OrderedDict
from dataclasses import dataclass, field, asdict
from functools import partial, lru_cache
from typing import Dict, List, Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset, random_split


@dataclass
class Config:
    n_samples: int = 240
    n_classes: int = 3
    hidden: List[int] = field(default_factory=lambda: [16, 16])
    lr: float = 3e-2
    weight_decay: float = 1e-4
    batch_size: int = 32
    epochs: int = 6
    patience: int = 2
    seed: int = 42
    checkpoint: Optional[str] = None


class SpiralDataset(Dataset):
    """Points on n_classes interleaved spiral arms."""

    def __init__(self, n: int, n_classes: int, noise: float = 0.2) -> None:
        per = n // n_classes
        xs, ys = [], []
        for c in range(n_classes):
            r = torch.linspace(0.1, 1.0, per)
            t = torch.linspace(c * 4.0, (c + 1) * 4.0, per) + torch.randn(per) * noise
            xs.append(torch.stack([r * torch.sin(t), r * torch.cos(t)], dim=1))
            ys.append(torch.full((per,), c, dtype=torch.long))
        self.x = torch.cat(xs)
        self.y = torch.cat(ys)

    def __len__(self) -> int:
        return len(self.y)

    def __getitem__(self, idx: int) -> Tuple[torch.Tensor, int]:
        return self.x[idx], self.y[idx].item()


class MLP(nn.Module):
    def __init__(self, in_features: int, hidden: List[int], out_features: int, act=nn.ReLU):
        super().__init__()
        layers: "OrderedDict[str, nn.Module]" = OrderedDict()
        prev = in_features
        for i, h in enumerate(hidden):
            layers[f"fc{i}"] = nn.Linear(prev, h)
            layers[f"act{i}"] = act()
            prev = h
        layers["head"] = nn.Linear(prev, out_features)
        self.net = nn.Sequential(layers)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)


@lru_cache(maxsize=None)
def lr_at(epoch: int, base: float, total: int) -> float:
    return base * 0.5 * (1 + math.cos(math.pi * epoch / total))


def run_epoch(model: nn.Module, loader: DataLoader, optimizer=None) -> Dict[str, float]:
    training = optimizer is not None
    model.train(training)
    totals: Dict[str, float] = defaultdict(float)
    n = 0
    with torch.set_grad_enabled(training):
        for step, (xb, yb) in enumerate(loader):
            logits = model(xb)
            loss = F.cross_entropy(logits, yb)
            if training:
                optimizer.zero_grad(set_to_none=True)
                loss.backward()
                nn.utils.clip_grad_norm_(model.parameters(), max_norm=5.0)
                optimizer.step()
                if step % 3 == 0:
                    print(".", end="", flush=True)
            totals["loss"] += loss.item() * len(yb)
            totals["correct"] += (logits.argmax(1) == yb).sum().item()
            n += len(yb)
    return {k: v / n for k, v in totals.items()}


@torch.no_grad()
def evaluate(model: nn.Module, loader: DataLoader) -> Dict[str, float]:
    model.eval()
    return run_epoch(model, loader)


def main(cfg: Config) -> None:
    torch.manual_seed(cfg.seed)
    print("config:", {k: v for k, v in asdict(cfg).items() if k != "checkpoint"})
    dataset = SpiralDataset(cfg.n_samples, cfg.n_classes)
    counts = Counter(dataset.y.tolist())
    print(f"label counts: {dict(sorted(counts.items()))}, most common: {counts.most_common(1)}")
    train_set, val_set = random_split(dataset, [0.75, 0.25],
                                      generator=torch.Generator().manual_seed(cfg.seed))
    print(f"{len(train_set)=} {len(val_set)=}")
    make_loader = partial(DataLoader, batch_size=cfg.batch_size)
    train_loader = make_loader(train_set, shuffle=True)
    val_loader = make_loader(val_set)

    model = MLP(2, cfg.hidden, cfg.n_classes)
    print(model)
    n_params = sum(p.numel() for p in model.parameters() if p.requires_grad)
    print(f"{n_params:,} trainable parameters")
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)

    best, bad_epochs = math.inf, 0
    history: List[Tuple[int, float, float]] = []
    start = time.perf_counter()
    for epoch in range(1, cfg.epochs + 1):
        for group in optimizer.param_groups:
            group["lr"] = lr_at(epoch - 1, cfg.lr, cfg.epochs)
        print(f"epoch {epoch:2d} ", end="")
        train_stats = run_epoch(model, train_loader, optimizer)
        val_stats = evaluate(model, val_loader)
        history.append((epoch, train_stats["loss"], val_stats["loss"]))
        print(f" train loss {train_stats['loss']:.4f} acc {train_stats['correct']:.2%}"
              f" | val loss {val_stats['loss']:.4f} acc {val_stats['correct']:6.2%}"
              f" | lr {optimizer.param_groups[0]['lr']:.5f}")
        if val_stats["loss"] < best - 1e-4:
            best, bad_epochs = val_stats["loss"], 0
            torch.save({"epoch": epoch, "model": model.state_dict(),
                        "optimizer": optimizer.state_dict(), "config": asdict(cfg)},
                       cfg.checkpoint)
        else:
            bad_epochs += 1
            if bad_epochs >= cfg.patience:
                print(f"early stopping after epoch {epoch}")
                break
    elapsed = time.perf_counter() - start
    assert elapsed >= 0.0

    ckpt = torch.load(cfg.checkpoint)
    print("checkpoint keys:", sorted(ckpt), "epoch", ckpt["epoch"])
    restored = MLP(2, ckpt["config"]["hidden"], cfg.n_classes)
    missing = restored.load_state_dict(ckpt["model"])
    print(missing)
    restored.eval()
    with torch.no_grad():
        probs = F.softmax(restored(dataset.x[:4]), dim=-1)
    torch.set_printoptions(precision=3)
    print(probs)
    print("best val loss %.4f at epoch %d" % (min(history, key=lambda h: h[2])[2],
                                               min(history, key=lambda h: h[2])[0]))
    print(lr_at.cache_info())


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        main(Config(checkpoint=os.path.join(tmp, "best.pt")))
