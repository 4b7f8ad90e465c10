"""Idioms from everyday training scripts, all in one: global switches
(cudnn flags, set_num_threads, deterministic algorithms, matmul precision),
logging.basicConfig, an Enum and a typing.NamedTuple batch, a
functools.wraps timing decorator, a contextmanager, copy.deepcopy of a
state_dict, Subset + DataLoader, SGD(nesterov) + OneCycleLR, label
smoothing, clip_grad_norm_, a deque moving average, inference_mode, topk,
one_hot, json.dumps of metrics, torch.save/load to a pathlib.Path."""
import copy, json, logging, os, sys, tempfile, time, warnings, random, math
from pathlib import Path
from enum import Enum
from typing import NamedTuple, Any
from collections import deque
from contextlib import contextmanager
import functools
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Subset, TensorDataset, DataLoader

torch.backends.cudnn.benchmark = True
torch.backends.cudnn.deterministic = True
torch.set_num_threads(1)
torch.use_deterministic_algorithms(True)
torch.set_float32_matmul_precision("high")
print(torch.are_deterministic_algorithms_enabled(), torch.get_float32_matmul_precision(), torch.backends.mps.is_available())
random.seed(0); torch.manual_seed(0)
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s", stream=sys.stdout)
log = logging.getLogger("train")

class Phase(Enum):
    TRAIN = "train"
    VAL = "val"

class Batch(NamedTuple):
    x: torch.Tensor
    y: torch.Tensor

def timed(fn):
    @functools.wraps(fn)
    def wrapper(*a, **k):
        t0 = time.perf_counter()
        out = fn(*a, **k)
        assert time.perf_counter() >= t0
        return out
    return wrapper

@contextmanager
def phase(p):
    log.info("enter %s", p.value)
    yield p
    log.info("leave %s", p.name)

model = nn.Sequential(nn.Linear(4, 8), nn.GELU(), nn.LayerNorm(8), nn.Linear(8, 2))
best = copy.deepcopy(model.state_dict())
for name, p in model.named_parameters():
    print(f"{name:<12} {str(tuple(p.shape)):>8} {p.requires_grad}")
x = torch.randn(20, 4); y = (x.sum(1) > 0).long()
ds = TensorDataset(x, y)
sub = Subset(ds, list(range(0, 20, 2)))
loader = DataLoader(sub, batch_size=4, shuffle=True, drop_last=False)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, nesterov=True)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.5, total_steps=9)
window = deque(maxlen=3)
@timed
def step(b: Batch) -> float:
    opt.zero_grad()
    loss = F.cross_entropy(model(b.x), b.y, label_smoothing=0.1)
    loss.backward()
    gn = nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step(); sched.step()
    return loss.item(), gn
with phase(Phase.TRAIN):
    for epoch in range(3):
        for xb, yb in loader:
            l, gn = step(Batch(xb, yb))
            window.append(l)
        log.info(f"epoch {epoch}: avg {sum(window)/len(window):.4f} gn {gn:.3f} lr {sched.get_last_lr()[0]:.4f}")
with phase(Phase.VAL), torch.inference_mode():
    out = model(x)
    probs = out.softmax(-1)
    top = probs.topk(1, dim=-1)
    acc = (top.indices.squeeze(1) == y).float().mean()
    print("acc", acc.item(), F.one_hot(y[:3], 2).tolist(), torch.where(y[:5] > 0, 1.0, -1.0))
metrics = {"acc": round(acc.item(), 4), "phase": Phase.VAL.value, "sizes": [len(ds), len(sub)]}
print(json.dumps(metrics, indent=2, sort_keys=True))
tmp = tempfile.TemporaryDirectory()
out_dir = Path(tmp.name) / "runs" / "exp1"
out_dir.mkdir(parents=True, exist_ok=True)
torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict()}, out_dir / "ckpt.pt")
ck = torch.load(out_dir / "ckpt.pt")
print(sorted(ck["sched"])[:5], ck["opt"]["param_groups"][0]["nesterov"])
model.load_state_dict(best)
print(nn.utils.parameters_to_vector(model.parameters()).shape, sum(p.numel() for p in model.parameters()))
sys.stdout.write("done\n"); sys.stdout.flush()
warnings.warn("finished", RuntimeWarning)
tmp.cleanup()
print(out_dir.exists())
torch.use_deterministic_algorithms(False)
print(torch.__version__.split("+")[0] >= "2.0", torch.cuda.is_available(), torch.get_num_threads())
