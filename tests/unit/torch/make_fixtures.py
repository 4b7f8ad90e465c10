#!/usr/bin/env python3
"""Collects the fixtures of test_torch from real PyTorch.

    tests/unit/torch/make_fixtures.py
runs itself under the oracle (the venv's Python with the pinned torch wheel
backstep links, see tests/tools/oracle_python.py).

Writes calls.txt: each case is a line ">>> EXPR" followed by what PyTorch
printed for it: "repr(result)" or "ExceptionName: message". The C++ test
evaluates the same expressions (a tiny evaluator over the same environment,
see mini_eval.cpp) through the operator bridge and compares.

And overloads.txt: for every torch.X function and Tensor.X method backed by
an ATen operator, the TypeError PyTorch raises when it is called with no
arguments, which lists its signatures in the order the bindings try them.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
from oracle_python import reexec_under_oracle  # noqa: E402

reexec_under_oracle()
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402


def env():
    return {
        "torch": torch, "F": F, "int": int, "float": float, "bool": bool,
        "x": torch.ones(2, 3),
        "m": torch.arange(6.).reshape(2, 3),
        "xi": torch.ones(2, dtype=torch.int64),
        "v": torch.tensor([1., 2., 3.]),
        "s0": torch.tensor(2.0),
        "sg": torch.tensor(2.0, requires_grad=True),
        "i0": torch.tensor(1),
        "idx": torch.tensor([0, 1]),
        "w": torch.ones(3, requires_grad=True),
        "logits": torch.tensor([[1., 2., 3.], [1., 0., -1.]]),
        "target": torch.tensor([2, 0]),
        "probs": torch.tensor([0.2, 0.7, 0.9]),
        "labels": torch.tensor([0., 1., 1.]),
        "img": torch.arange(16.).reshape(1, 1, 4, 4),
        "ker": torch.ones(1, 1, 2, 2),
        "mask": torch.tensor([False, True, True]),
        "vm2": torch.tensor([-1., 0., 1.]),
        "v2": torch.tensor([1., 2.]),
        "l2": torch.tensor([0., 1.]),
        "m2": torch.arange(6.).reshape(2, 3) > 2,
        "logp": torch.tensor([[1., 2., 3.], [1., 0., -1.]]).log_softmax(1),
    }


CASES = r"""
torch.add(x, 'a')
x.add('a')
torch.sum(x, foo=1)
torch.sum(input=x)
torch.sum(a=x, axis=0)
torch.add(x)
x.add()
torch.mul(x)
torch.add(x, x, 2)
torch.add(x, x, alpha=2, foo=3)
torch.add(x, other=x, input=x)
torch.add(x, x, x, x)
torch.add(x, x, alpha=2.5)
torch.add(v, 2, v)
torch.zeros(2, dtype=5)
torch.zeros(2, 3)
torch.zeros((2, 3))
torch.zeros([2, 3]).shape
torch.zeros(size=(2, 3)).shape
torch.zeros(2, size=3)
torch.zeros((2,), 3)
torch.zeros()
torch.zeros(foo=1)
torch.zeros(foo=1, bar=2)
torch.zeros(2, dtype=torch.int32)
torch.zeros(2, dtype=float)
torch.zeros(2, dtype=int)
torch.zeros(2, dtype=bool)
torch.zeros(2, dtype='float32')
torch.zeros(2, dtype=torch.float64, layout=torch.strided, device='cpu', pin_memory=False, requires_grad=True)
torch.ones(2, dtype=torch.int64, requires_grad=True)
torch.zeros(2, names=None)
torch.zeros(2, device='cuda')
torch.zeros(2, device='cuda:0')
torch.zeros(2, device=1)
torch.zeros(2, device=-1)
torch.zeros(2, device='xyz')
torch.zeros(2, device='cuda:x')
torch.zeros(2, device=1.5)
torch.zeros(2, device=torch.device('cpu'))
torch.zeros(2, device='cpu:0')
torch.randn(2, 3).shape
torch.randn(2, 3, generator=None).shape
torch.randn()
torch.max(x, 0)
torch.max(m, 1)
torch.max(m, dim=0, keepdim=True)
torch.max(m)
m.max(1).indices
m.max(1)[0]
torch.max(x, 'a')
torch.max(x, True)
x.max(True)
torch.max(input=x, dim=0, keepdim=1)
torch.max(x, (1, 2), foo=3)
torch.min(m, 1)
torch.sort(v)
torch.topk(v, 2)
torch.sum(x, 0, True, torch.float64)
torch.sum(x, 0, keepdim=1)
torch.sum(x, dim=0, axis=1)
torch.sum(input=x, foo=1)
torch.sum(x, [1.5, 2], foo=[1, x])
torch.sum(x, dim=None)
torch.sum(x, dtype=float)
torch.mean(x, (0, 1), True)
x.sum(0)
x.sum((0,))
x.sum([0, 1])
x.sum(i0)
x.sum(True)
x.sum(dim=(0, 1))
xi.sum(True)
xi * 2.5
torch.ones(2, dtype=torch.int64) * 2.5
xi.add(2.5)
xi.add(True)
xi.mul(s0)
xi.mul(True).dtype
xi.add(xi, alpha=2.5)
xi / 2
xi.div(2, rounding_mode='floor')
torch.mul(2, x)
torch.add(1, 2)
torch.tanh(1)
torch.maximum(x, 2)
x.view(2, -1).shape
x.view(-1).shape
x.view((3, 2)).shape
x.view([6]).shape
x.view(True, -1)
x.view(2.0, -1)
x.view((True, -1))
x.view([2.0, 3])
x.view((2, 3.0))
x.view(2, 3.0)
x.view(-1, 'a')
x.view(torch.float32, 1)
x.view(foo=1)
x.view(torch.int32).dtype
x.permute(1, 0).shape
x.permute((1, 0)).shape
x.permute(1, 0.0)
x.permute(1, True)
x.transpose(True, 0)
x.transpose(i0, 0)
torch.transpose(x, 0, (1,))
x.expand(2, -1).shape
x.reshape(6).shape
x.flatten(0).shape
x.unsqueeze(dim=0).shape
x.t(1)
x.exp(1)
x.exp(foo=1)
torch.exp(x, 1)
torch.exp(x, foo=1)
torch.exp()
torch.cat([x, x], 0).shape
torch.cat((x, x)).shape
torch.cat([x, 1])
torch.cat(x)
torch.cat(x, x)
torch.cat([x, x], 'a')
torch.cat((x,), dim=(2,))
torch.cat([x, x], dim='a', foo=2)
torch.stack((v, v)).shape
torch.stack([v, v], dim=1).shape
torch.stack(x, x)
torch.stack([x, x], [1, 2])
torch.split(v, 2)
torch.split(v, [1, 2])
v.split(1)
torch.chunk(v, 3)
torch.unbind(m)
m.unbind(1)
torch.var_mean(m)
torch.std(m, 0, True)
torch.std(m, unbiased=False)
torch.std(m, dim=0, correction=0)
torch.index_select(m, 1, idx)
m.index_put((idx,), s0)
m.index_put((idx, None), s0)
m.index_put([None, idx], s0)
torch.full((2,), 3)
torch.full((2,), 3.)
torch.full((2,), True)
torch.full((2,), s0)
torch.full((2,), sg)
torch.full((2,), v)
torch.arange(5)
torch.arange(0, 1, 0.25)
torch.arange(1, 4)
torch.arange(5, dtype=torch.float32)
torch.linspace(0, 1, 3)
torch.randint(3, (2,)).dtype
torch.randint(0, 3, (2, 2)).shape
torch.clamp(x, min=0.5)
torch.clamp(m, 1, 4)
torch.clamp(m, s0)
torch.clamp(x, [1])
x.clamp(1, 'a')
torch.clamp(xi, 0.5).dtype
torch.where(mask, v, 0.)
torch.where(mask, v, probs)
m.masked_fill(m2, 0)
v.pow(2)
v.pow(s0)
torch.pow(2, v)
v.norm()
v.norm(2)
v.norm(p='fro')
m.norm(dim=1)
v.cumsum(0)
m.softmax(0)
m.softmax(dim=1, dtype=torch.float64)
torch.einsum('ij->ji', m).shape
torch.cosine_similarity(x, x, 1, True)
torch.cosine_similarity(x, x, 1, s0)
torch.cosine_similarity(x, x, 1, sg)
torch.narrow_copy(x, 0, 'a', 1)
x.tril(-1)
v.to(torch.float64)
v.to('cpu', torch.float64)
v.to(dtype=torch.float16)
v.to(xi)
v.to('cuda')
v.to(1)
v.to()
v.cuda()
v.cpu()
v.double()
v.int()
v.long().dtype
v.bool()
v.half()
v.float(1)
v.is_floating_point()
x.dim()
x.numel()
torch.numel(x)
x.size()
x.size(0)
x.size(-1)
x.stride()
x.stride(0)
x.element_size()
x.is_contiguous()
x.get_device()
x.is_contiguous(1)
v.item()
xi.sum().item()
v.item(1)
torch.result_type(x, 1)
torch.promote_types(torch.int32, torch.float32)
torch.can_cast(torch.int32, torch.float32)
torch.broadcast_tensors(x, v)
torch.meshgrid(v, v, indexing='ij')[0].shape
x.new_zeros(2)
x.new_zeros((2, 3), dtype=torch.int64)
torch.zeros_like(x, dtype=torch.int64)
torch.mean(xi)
v.add_(1)
v.exp_()
w.mul(2)
w * 2
torch.mul(w, 2)
sg.add(1)
torch.add(x, 1, out=None)
torch.max(m, 1, out=(torch.empty(2), torch.empty(2, dtype=torch.int64)))
torch.max(m, 1, out=[torch.empty(2), torch.empty(2, dtype=torch.int64)])
torch.max(x, 1, out=torch.empty(2))
torch.max(m, 1, out=(torch.empty(2),))
torch.add(v, 1, out=torch.empty(3))
torch.linear(x, x)
torch.mse_loss(x, x)
x.linear(x)
torch.binary_cross_entropy_with_logits(probs, labels)
torch.nn.functional.relu(v)
torch.device('cpu')
torch.device('cpu', 0)
torch.device('cuda:1')
torch.device('cuda', 1)
torch.device(type='cuda', index=1)
torch.device(1)
torch.device(-1)
torch.device('cpu:0').index
torch.device('cpu').index
torch.device('cpu').type
torch.device('cuda:x')
torch.device('xyz')
torch.device()
torch.device('cpu', 'a')
torch.device('cpu:0', 1)
torch.device(1.0)
torch.device(' cpu')
torch.device('CPU')
torch.device('cuda:-1')
torch.device(torch.device('cpu'))
torch.allclose(x, x)
torch.allclose(x, m, rtol=1e-3)
torch.allclose(x, m, 1e-3, 1e-3, True)
torch.equal(x, x)
torch.equal(x, 1)
x.narrow(1, 0, 2)
m.narrow(0, i0, 1)
torch.randn_like(x).shape
torch.rand(2).shape
torch.rand(2, 3, dtype=torch.float64).dtype
torch.matmul(m, m.t())
torch.bmm(img[0], img[0])
torch.mm(m, v)
torch.matmul(v, v)
v.zero_()
w.detach_()
v.clone()
w.retain_grad()
x.requires_grad_()
w.requires_grad_(False)
torch.sin(v)
torch.linspace(-1, 1, 5)
torch.sum(w * 2)
torch.empty(0).shape
torch.ones(0, 3).sum(0)
torch.exp(w)
torch.abs(vm2)
torch.sqrt(v)
v.sqrt()
v.mean()
xi.mean()
xi.float().mean()
torch.mean(xi.float(), dim=0, keepdim=True)
img.contiguous(memory_format=torch.channels_last).stride()
img.is_contiguous(memory_format=torch.channels_last)
torch.empty(2, 3, memory_format=torch.contiguous_format).shape
torch.zeros(2, layout=torch.strided)
torch.zeros(2, layout=torch.sparse_coo)
v.to(memory_format=torch.preserve_format)
x.contiguous(torch.channels_last)
torch.float32
torch.float
torch.long
torch.half
torch.float32.is_floating_point
torch.int32.is_floating_point
torch.complex64.is_complex
torch.int32.is_signed
torch.bool.is_signed
torch.strided
torch.contiguous_format
torch.channels_last
torch.preserve_format
torch.sparse_coo
""".strip().splitlines()


def run_cases():
    out = []
    for expr in CASES:
        try:
            r = eval(expr, env())
            text = repr(r)
        except Exception as e:
            text = type(e).__name__ + ": " + str(e)
        out.append(">>> " + expr)
        out.append(text)
    return out


def run_overloads():
    out = []
    schemas = [str(s) for s in torch._C._jit_get_all_schemas()]
    names = set(s.split("(")[0].split(".")[0][6:] for s in schemas if s.startswith("aten::"))
    for kind, owner in (("torch", torch._C._VariableFunctions), ("Tensor", torch._C._TensorBase)):
        for name in sorted(n for n in dir(owner) if n in names):
            fn = getattr(owner, name)
            if not callable(fn) or name.startswith("__"):
                continue  # properties (Tensor.data, Tensor.mT) and protocols
            try:
                fn() if kind == "torch" else fn(torch.ones(2, 2))
                continue  # callable without arguments: no listing to compare
            except TypeError as e:
                text = str(e)
            except Exception:
                continue
            out.append("### " + kind + "." + name)
            out.append(text.rstrip("\n"))
    return out


if __name__ == "__main__":
    with open(os.path.join(HERE, "calls.txt"), "w") as f:
        f.write("\n".join(run_cases()) + "\n")
    with open(os.path.join(HERE, "overloads.txt"), "w") as f:
        f.write("\n".join(run_overloads()) + "\n")
