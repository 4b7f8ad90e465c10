#!/usr/bin/env python3
"""Collects what real PyTorch shows as `grad_fn._saved_*` for a set of graphs.

    tests/unit/autograd/collect_saved_fixture.py
runs itself under the oracle (the venv's Python with the pinned torch wheel
backstep links, see tests/tools/oracle_python.py). It writes saved_fixture.json beside itself. test_saved_fields.cpp builds the
same graphs in C++ (same ops, same deterministic inputs) and compares node
names, field names and values with this file, so the tests run without Python.

Every case builds its inputs from arange (no random numbers), so the C++ side
computes bit-identical tensors. Each case records the nodes reachable from the
output in breadth-first order (as next_functions lists them, skipping None).
"""

import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools'))
from oracle_python import reexec_under_oracle  # noqa: E402

reexec_under_oracle()
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402


def inputs():
    a = (torch.arange(12, dtype=torch.float32).reshape(3, 4) / 10 + 0.1).requires_grad_()
    b = (torch.arange(12, dtype=torch.float32).reshape(3, 4) / 7 - 0.5).requires_grad_()
    return a, b


def case_mul():
    a, b = inputs()
    return a * b


def case_mul_scalar_inplace():
    a, b = inputs()
    return a.clone().mul_(torch.tensor(2.5))


def case_div():
    a, b = inputs()
    return a / (b + 2)


def case_div_floor():
    a, b = inputs()
    return a.div(b + 2, rounding_mode='floor')


def case_pow_scalar():
    a, b = inputs()
    return a.pow(2)


def case_pow_tensor():
    a, b = inputs()
    return a.pow(b)


def case_exp():
    a, b = inputs()
    return a.exp()


def case_sigmoid():
    a, b = inputs()
    return torch.sigmoid(a)


def case_tanh():
    a, b = inputs()
    return torch.tanh(a)


def case_addcmul():
    a, b = inputs()
    return torch.addcmul(a, a, b, value=0.5)


def case_sum():
    a, b = inputs()
    return a.sum()


def case_sum_dim():
    a, b = inputs()
    return a.sum(1, keepdim=True)


def case_mean():
    a, b = inputs()
    return a.mean()


def case_mean_dim():
    a, b = inputs()
    return a.mean(0)


def case_max_dim():
    a, b = inputs()
    return a.max(1)[0]


def case_norm():
    a, b = inputs()
    return a.norm()


def case_vector_norm_dim():
    a, b = inputs()
    return torch.linalg.vector_norm(a, 1, dim=(1,))


def case_var_dim():
    a, b = inputs()
    return a.var(1)


def case_mm():
    a, b = inputs()
    return a.mm(b.t())


def case_addmm():
    a, b = inputs()
    c = torch.arange(9, dtype=torch.float32).reshape(3, 3)
    return torch.addmm(c, a, b.t(), beta=0.5, alpha=2)


def case_linear():
    a, b = inputs()
    w = (torch.arange(8, dtype=torch.float32).reshape(2, 4) / 5).requires_grad_()
    bias = torch.tensor([0.5, -0.5], requires_grad=True)
    return F.linear(a, w, bias)


def case_bmm():
    a, b = inputs()
    return torch.bmm(a.reshape(3, 2, 2), b.reshape(3, 2, 2))


def case_matmul():
    a, b = inputs()
    return torch.matmul(a.reshape(3, 2, 2), b[0].reshape(2, 2))


def case_conv2d():
    x = (torch.arange(50, dtype=torch.float32).reshape(1, 2, 5, 5) / 50).requires_grad_()
    w = (torch.arange(54, dtype=torch.float32).reshape(3, 2, 3, 3) / 54 - 0.5).requires_grad_()
    bias = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
    return F.conv2d(x, w, bias, stride=1, padding=1)


def case_index():
    a, b = inputs()
    return a[torch.tensor([0, 2])]


def case_index_put():
    a, b = inputs()
    return a.clone().index_put((torch.tensor([0, 2]),), torch.tensor(7.0))


def case_index_select():
    a, b = inputs()
    return a.index_select(1, torch.tensor([3, 1]))


def case_gather():
    a, b = inputs()
    return a.gather(1, torch.tensor([[0, 1], [2, 3], [1, 1]]))


def case_view():
    a, b = inputs()
    return a.view(4, 3)


def case_transpose():
    a, b = inputs()
    return a.transpose(0, 1)


def case_expand():
    a, b = inputs()
    return a.unsqueeze(0).expand(2, 3, 4)


def case_permute():
    a, b = inputs()
    return a.reshape(3, 2, 2).permute(2, 0, 1)


def case_narrow():
    a, b = inputs()
    return a.narrow(1, 1, 2)


def case_mse_loss():
    a, b = inputs()
    return F.mse_loss(a, b)


def case_bce_with_logits():
    a, b = inputs()
    target = torch.arange(12, dtype=torch.float32).reshape(3, 4) % 2
    return F.binary_cross_entropy_with_logits(a, target)


def case_nll_loss():
    a, b = inputs()
    return F.nll_loss(a, torch.tensor([0, 3, 1]))


def case_cross_entropy():
    a, b = inputs()
    return F.cross_entropy(a, torch.tensor([0, 3, 1]))


def case_cat():
    a, b = inputs()
    return torch.cat([a, b], 1)


def case_stack():
    a, b = inputs()
    return torch.stack([a, b])


def case_softmax():
    a, b = inputs()
    return torch.softmax(a, 1)


def case_log_softmax():
    a, b = inputs()
    return torch.log_softmax(a, 0)


def case_clamp_min():
    a, b = inputs()
    return a.clamp(min=0.3)


def case_clamp_both():
    a, b = inputs()
    return a.clamp(min=0.2, max=0.8)


def case_clamp_tensor():
    a, b = inputs()
    return a.clamp(min=b)


def case_to_double():
    a, b = inputs()
    return a.to(torch.float64)


def case_relu():
    a, b = inputs()
    return torch.relu(a - 0.5)


def case_upsample_nearest():
    x = (torch.arange(8, dtype=torch.float32).reshape(1, 2, 2, 2)).requires_grad_()
    return F.interpolate(x, scale_factor=2.0, mode='nearest')


def case_layer_norm():
    a, b = inputs()
    w = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    bias = torch.tensor([0.0, 0.1, 0.2, 0.3], requires_grad=True)
    return F.layer_norm(a, (4,), w, bias, 1e-5)


def case_embedding():
    w = (torch.arange(12, dtype=torch.float32).reshape(4, 3)).requires_grad_()
    return F.embedding(torch.tensor([[0, 2], [3, 3]]), w, padding_idx=1)


CASES = [(name[len('case_'):], fn) for name, fn in sorted(globals().items()) if name.startswith('case_')]


def describe(v):
    """A JSON description of a Python value as `_saved_*` returns it.

    PyTorch 1.13 returns saved int64 values (and ints in int lists and SymInts)
    through PyLong_FromUnsignedLong, so -1 reads as 2**64 - 1; the JSON keeps
    what Python shows and the C++ test compares modulo 2**64."""
    if v is None:
        return {'kind': 'none'}
    if isinstance(v, torch.Tensor):
        d = {'kind': 'tensor', 'shape': list(v.shape), 'dtype': str(v.dtype).replace('torch.', ''),
             'requires_grad': v.requires_grad, 'grad_fn': v.grad_fn.name() if v.grad_fn is not None else None}
        if v.numel() <= 64:
            d['values'] = v.detach().flatten().tolist()
        return d
    if isinstance(v, bool):
        return {'kind': 'bool', 'value': v}
    if isinstance(v, int):
        return {'kind': 'int', 'value': v}
    if isinstance(v, float):
        return {'kind': 'float', 'value': v}
    if isinstance(v, str):
        return {'kind': 'string', 'value': v}
    if isinstance(v, torch.dtype):
        return {'kind': 'dtype', 'value': str(v)}
    if isinstance(v, (tuple, list)):
        if len(v) == 0:
            return {'kind': 'tuple', 'items': []}
        if all(isinstance(x, int) and not isinstance(x, bool) for x in v) and len(v) > 0:
            return {'kind': 'int_list', 'value': list(v)}
        if all(isinstance(x, float) for x in v) and len(v) > 0:
            return {'kind': 'float_list', 'value': list(v)}
        if all(x is None or isinstance(x, torch.Tensor) for x in v):
            return {'kind': 'tensor_list', 'items': [describe(x) for x in v]}
        return {'kind': 'tuple', 'items': [describe(x) for x in v]}
    return {'kind': 'other', 'repr': repr(v), 'type': type(v).__name__}


def walk(root):
    seen, order, queue = set(), [], [root]
    while queue:
        fn = queue.pop(0)
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        order.append(fn)
        for nxt, _ in fn.next_functions:
            queue.append(nxt)
    return order


def collect():
    out = {'torch_version': torch.__version__, 'cases': []}
    for name, fn in CASES:
        y = fn()
        nodes = []
        for node in walk(y.grad_fn):
            attrs = dir(node)
            saved = {}
            for a in attrs:
                if a.startswith('_saved_'):
                    saved[a[len('_saved_'):]] = describe(getattr(node, a))
            raw = sorted(a[len('_raw_saved_'):] for a in attrs if a.startswith('_raw_saved_'))
            nodes.append({'name': node.name(), 'saved': saved, 'raw': raw})
        out['cases'].append({'case': name, 'nodes': nodes,
                             'output': {'shape': list(y.shape), 'dtype': str(y.dtype).replace('torch.', '')}})

    # Reading saved tensors after the graph was freed.
    errors = {}
    a, b = inputs()
    y = a * b
    y.sum().backward()
    try:
        y.grad_fn._saved_self
    except RuntimeError as e:
        errors['tensor'] = str(e)
    y = a[torch.tensor([0, 2])]
    y.sum().backward()
    try:
        y.grad_fn._saved_indices
    except RuntimeError as e:
        errors['tensor_list'] = str(e)
    # Non-tensor fields survive the release.
    y = a.sum(1, keepdim=True)
    y.sum().backward()
    errors['int_after_release'] = describe(y.grad_fn._saved_dim)
    out['after_release'] = errors

    # The saved output of ExpBackward0 is the output itself.
    a, b = inputs()
    y = a.exp()
    r = y.grad_fn._saved_result
    out['exp_result'] = {'equal': bool(torch.equal(r, y)), 'same_grad_fn': r.grad_fn is y.grad_fn,
                         'same_storage': r.data_ptr() == y.data_ptr()}
    return out


# The header the node structs are declared in, from the same wheel.
FUNCTIONS_H = os.path.join(os.path.dirname(torch.__file__), 'include', 'torch', 'csrc', 'autograd', 'generated',
                           'Functions.h')


def python_properties(header=FUNCTIONS_H):
    """For every node type: the `_saved_*` and `_raw_saved_*` properties PyTorch has,
    and whether it registers a Python class for the type at all (`class`: the
    `<Node>_properties` table the class is made from; without one Python shows
    the node as a `CppFunction`).

    Python cannot list the node classes (they are not in any module), so this
    reads the property getters libtorch_python defines, named
    `THP<Node>_<field>_getter` and `THP<Node>_<field>_raw_getter`; the node
    names come from the header (struct TORCH_API X : public ...). PyTorch 2.x
    keeps the getters local (not in the dynamic symbol table), so this reads
    the full symbol table; an empty result means the library was stripped."""
    lib = os.path.join(os.path.dirname(torch.__file__), 'lib', 'libtorch_python.so')
    try:
        syms = subprocess.run(['nm', '-C', '--defined-only', lib], check=True, capture_output=True,
                              text=True).stdout
        with open(header) as f:
            structs = re.findall(r'^struct TORCH_API (\w+) : public', f.read(), re.M)
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit('cannot list the _saved_ properties: %s' % e)
    getters = set(re.findall(r'generated::THP(\w+)_getter\(', syms))
    if not getters:
        sys.exit('no THP*_getter symbols in %s (stripped?)' % lib)
    classes = set(re.findall(r'generated::(\w+)_properties\b', syms))
    props = {s: {'saved': set(), 'raw': set()} for s in structs}
    by_len = sorted(structs, key=len, reverse=True)
    for g in getters:
        for s in by_len:
            if g.startswith(s + '_'):
                rest = g[len(s) + 1:]
                if rest.endswith('_raw'):
                    props[s]['raw'].add(rest[:-len('_raw')])
                else:
                    props[s]['saved'].add(rest)
                break
    out = {s: {k: sorted(v) for k, v in p.items()} for s, p in props.items()}
    for s, p in out.items():
        p['class'] = s in classes
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, 'saved_fixture.json')
    out = collect()
    out['python_properties'] = python_properties()
    with open(path, 'w') as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write('\n')
    print('wrote', path)


if __name__ == '__main__':
    main()
