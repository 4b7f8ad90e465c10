"""Writes fixtures.json: expected outputs from real CPython + PyTorch.

    tests/unit/format/make_fixtures.py
runs itself under the oracle (the venv's Python with the pinned torch wheel
backstep links, see tests/tools/oracle_python.py).

Sections:
  float_repr: [float.hex(x), repr(x)]
  format:     [kind, value, spec, result] or [kind, value, spec, null, exception, message]
              kind is int / bool / float / str; floats are given as repr text
  tensor:     cases the C++ test rebuilds step by step (see the keys below)
              and compares with repr(tensor).

Tensor case keys (all optional except dtype and repr):
  dtype        torch dtype name without "torch."
  shape        list of sizes
  values       flat list: ints, bools, repr strings of doubles, or
               [re, im] pairs of repr strings for complex dtypes
  gen          [n, mul, mod, add, div]: float64 arange(n)*mul, fmod mod (if
               mod != 0), +add, /div, then .to(dtype) -- the same ATen ops in
               both languages, so big tensors need no stored values
  opts         keyword arguments of torch.set_printoptions (after "default")
  repr         the expected text, or "exception: <message>" when printing fails
  default_dtype  "float64" to run under torch.set_default_dtype(float64)
  requires_grad  leaf requires grad; op: an operation applied afterwards
  parameter    true / false: wrap in nn.Parameter(requires_grad=that)
  layout       "sparse_coo" | "sparse_csr"
  device       "meta" (the tensor is torch.empty(shape, device="meta"))
  quant        [scale, zero_point, qdtype] or [[scales], [zero_points], axis, qdtype]
  nested       members of a nested tensor: [{"shape", "values"}] of the case's dtype
"""
import json
import math
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
from oracle_python import reexec_under_oracle  # noqa: E402

reexec_under_oracle()
import torch  # noqa: E402


# ---------------------------------------------------------------- float repr
def float_repr_cases():
    rng = random.Random(1234)
    vals = [0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 1e-4, 1e-5, 9.999e-5,
            0.00012345, 1e15, 1e16, 1e17, 9999999999999998.0, 1234567890123456.0,
            12345678901234567.0, 2.0 ** 53, 2.0 ** 53 + 2, 2.0 ** 63, 2.0 ** 64, 1e22, 1e23,
            5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, math.pi, math.e,
            float("inf"), float("-inf"), float("nan"), 100.0, 1e100, 1.5e-7, 123.456,
            0.5, 0.25, 1e-310, 4.35, 2.675, 1.1, 2.3, 3.0000000000000004, 0.1 + 0.2]
    for k in range(-30, 31):
        vals += [10.0 ** k, 1.5 * 10.0 ** k, -7.25 * 10.0 ** k]
    for _ in range(180):  # any bit pattern
        vals.append(struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0])
    for _ in range(120):  # ordinary magnitudes
        vals.append(rng.uniform(-1, 1) * 10.0 ** rng.randint(-8, 18))
    for _ in range(100):  # short decimals, the common case in scripts
        vals.append(round(rng.uniform(-1000, 1000), rng.randint(0, 6)))
    for _ in range(50):  # float32 values seen as doubles (what tensor.item() gives)
        vals.append(struct.unpack("<f", struct.pack("<f", rng.uniform(-10, 10)))[0])
    return [[float.hex(v), repr(v)] for v in vals]


# ------------------------------------------------------------- format specs
def run_format(kind, value, spec):
    """One case: [kind, value, spec, result] or [kind, value, spec, None, exc, message]."""
    shown = repr(value) if kind == "float" else value  # strtod reads a repr back exactly
    try:
        return [kind, shown, spec, format(value, spec)]
    except Exception as e:  # noqa: BLE001 - the message is the fixture
        return [kind, shown, spec, None, type(e).__name__, str(e)]


NUMBER_SPECS = [
    "", "d", "5", "<5", ">5", "^5", "=5", "*^9", "05", "+", "-", " ", "+08", " 8", ",", "_",
    "015,", "010_", "x", "X", "#x", "#X", "#010x", "_x", "#_b", "o", "#o", "b", "c", "n", "e",
    "E", ".3e", "f", ".2f", "F", ".0f", "#.0f", "g", ".3g", "G", "#g", ".10g", "%", ".1%",
    ".3", ".0", ".17", "10.3", "<10.2f", "z.1f", "z", "+z.2f", "0=12.3f", "_.3f", ",.2f",
    "015,.2f", "#.3", ".3n", "é^9", "0<6", "0^6", "*<+#012_.4e", "#,", "_e"]
# Specs that are errors for most values: checked on a few values per kind.
ERROR_SPECS = [
    "s", ".2s", "+c", "#c", ",c", ",_", "_,", ".", "abc", "5.2.1", ",n", "_n", "z#", "+z",
    "99999999999999999999", ".99999999999999999999", ".3x", ",d", "#", ".3000000000f", "😀", "ñ"]
STR_SPECS = [
    "", "s", ".2s", "10s", "^10.3s", "é^9", "x<8", "<5", ">5", "^5", "=5", "05", "+", " ",
    "#", "z", "+z", "z#", ",", "d", "5.2", ".0", "_"]


def format_cases():
    rng = random.Random(99)
    floats = [0.0, -0.0, -1.5, 3.14159, 1234567.891, 1e-7, 2.5e16, 1e300, 0.000123456,
              99999.5, float("-inf"), float("nan")]
    ints = [0, -1, 42, 255, -9876543210, 2 ** 63 - 1, -(2 ** 63), 0x10FFFF]
    cases = []
    for v in floats:
        cases += [run_format("float", v, s) for s in NUMBER_SPECS]
    for v in ints:
        cases += [run_format("int", v, s) for s in NUMBER_SPECS]
    for kind, values in [("float", [1.5, -0.0]), ("int", [65, -3]), ("bool", [True])]:
        cases += [run_format(kind, v, s) for v in values for s in ERROR_SPECS]
    for v in (True, False):
        cases += [run_format("bool", v, s) for s in ["", "d", "5", "s", "x", ".2f", "^7"]]
    for v in ["", "a", "hello", "héllo wörld", "日本"]:
        cases += [run_format("str", v, s) for s in STR_SPECS]
    # Random specs from the grammar [[fill]align][sign][z][#][0][width][grouping][.precision][type].
    for _ in range(200):
        spec = ""
        if rng.random() < 0.4:
            spec += rng.choice(["", "*", "0", "x"]) + rng.choice("<>=^")
        if rng.random() < 0.4:
            spec += rng.choice("+- ")
        if rng.random() < 0.15:
            spec += "z"
        if rng.random() < 0.3:
            spec += "#"
        if rng.random() < 0.3:
            spec += "0"
        if rng.random() < 0.6:
            spec += str(rng.randint(0, 25))
        if rng.random() < 0.3:
            spec += rng.choice(",_")
        if rng.random() < 0.5:
            spec += "." + str(rng.randint(0, 20))
        if rng.random() < 0.8:
            spec += rng.choice("bcdeEfFgGnosxX%")
        if rng.random() < 0.5:
            v = rng.choice(floats + [rng.uniform(-1e6, 1e6), rng.uniform(-1, 1) * 1e-6])
            cases.append(run_format("float", v, spec))
        else:
            cases.append(run_format("int", rng.choice(ints + [rng.randint(-10 ** 6, 10 ** 6)]), spec))
    return cases


# ------------------------------------------------------------------ tensors
DTYPES = {str(d).split(".")[1]: d for d in [
    torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int8, torch.int16,
    torch.int32, torch.int64, torch.uint8, torch.bool, torch.complex64, torch.complex128]}
QDTYPES = {"quint8": torch.quint8, "qint8": torch.qint8, "qint32": torch.qint32}


def encode_values(t):
    flat = t.reshape(-1).tolist()
    if t.dtype.is_complex:
        return [[repr(v.real), repr(v.imag)] for v in flat]
    if t.dtype.is_floating_point:
        return [repr(float(v)) for v in flat]
    return flat  # ints and bools are JSON-native


def decode_base(case):
    """Builds the base tensor exactly as the C++ test does."""
    dtype = DTYPES[case["dtype"]]
    if "gen" in case:
        n, mul, mod, add, div = case["gen"]
        t = torch.arange(n, dtype=torch.float64).mul(mul)
        if mod != 0:
            t = t.fmod(mod)
        t = t.add(add).div(div).to(dtype)
    elif dtype.is_complex:
        t = torch.tensor([complex(float(a), float(b)) for a, b in case["values"]],
                         dtype=torch.complex128).to(dtype)
    elif dtype.is_floating_point:
        t = torch.tensor([float(v) for v in case["values"]], dtype=torch.float64).to(dtype)
    elif dtype == torch.bool:
        t = torch.tensor(case["values"], dtype=torch.bool)
    else:
        t = torch.tensor(case["values"], dtype=torch.int64).to(dtype)
    return t.reshape(case["shape"])


def apply_op(x, op):
    if op == "mul2": return x * 2
    if op == "add1": return x + 1
    if op == "sum": return x.sum()
    if op == "mean": return x.mean()
    if op == "pow2": return x.pow(2)
    if op == "neg": return -x
    if op == "div4": return x / 4
    if op == "view": return x.view(-1)
    if op == "select0": return x[0]
    if op == "t": return x.t()
    if op == "clone": return x.clone()
    if op == "to_double": return x.to(torch.float64)
    if op == "detach": return x.detach()
    if op == "unsqueeze": return x.unsqueeze(0)
    if op == "copyslices":
        y = x.clone()
        y[0].mul_(2)
        return y
    if op == "conj": return x.conj()
    if op == "conj_imag": return x.conj().imag
    raise ValueError(op)


def build(case):
    if case.get("device") == "meta":
        return torch.empty(case["shape"], dtype=DTYPES[case["dtype"]], device="meta")
    if "nested" in case:
        x = torch._nested_tensor_from_tensor_list(
            [decode_base(dict(m, dtype=case["dtype"])) for m in case["nested"]])
    else:
        x = decode_base(case)
    if "quant" in case:
        q = case["quant"]
        if len(q) == 3:
            x = torch.quantize_per_tensor(x, q[0], q[1], QDTYPES[q[2]])
        else:
            x = torch.quantize_per_channel(x, torch.tensor(q[0], dtype=torch.float64),
                                           torch.tensor(q[1]), q[2], QDTYPES[q[3]])
    if case.get("layout") == "sparse_coo":
        x = x.to_sparse()
    elif case.get("layout") == "sparse_csr":
        x = x.to_sparse_csr()
    if case.get("requires_grad"):
        x.requires_grad_(True)
    if "op" in case:
        x = apply_op(x, case["op"])
    if "parameter" in case:
        x = torch.nn.Parameter(x, requires_grad=case["parameter"])
    return x


def tensor_case(cases, t=None, **case):
    """Records one case; `t` (a tensor) supplies dtype/shape/values."""
    if t is not None:
        case.setdefault("dtype", str(t.dtype).split(".")[1])
        case["shape"] = list(t.shape)
        case["values"] = encode_values(t)
    torch.set_printoptions(profile="default")
    torch.set_printoptions(**case.get("opts", {}))
    if case.get("default_dtype") == "float64":
        torch.set_default_dtype(torch.float64)
    try:
        x = build(case)
        case["repr"] = repr(x)
        assert str(x) == case["repr"] or "parameter" in case
    except (RuntimeError, ValueError) as e:  # printing itself fails: record the message
        case["repr"] = "exception: " + str(e)
    finally:
        torch.set_default_dtype(torch.float32)
        torch.set_printoptions(profile="default")
    cases.append(case)


def f(values, dtype=torch.float32):
    return torch.tensor(values, dtype=dtype)


def tensor_cases():
    import warnings
    warnings.simplefilter("ignore")
    torch.manual_seed(0)
    C = []
    nan, inf = float("nan"), float("inf")
    # --- integers of every width, ranks 0..4
    C_int = [torch.tensor(7), torch.tensor([1, 2, 3]), torch.tensor([-5, 10, 200, -3000]),
             torch.arange(12).reshape(3, 4), torch.arange(-12, 12).reshape(2, 3, 4),
             torch.arange(16).reshape(2, 2, 2, 2) * 1000 - 7000]
    for t in C_int:
        tensor_case(C, t)
    for d in ["int8", "int16", "int32", "uint8"]:
        tensor_case(C, torch.tensor([[1, 20, 3], [4, 5, 100]]).to(DTYPES[d]))
        tensor_case(C, torch.tensor(5).to(DTYPES[d]))
    tensor_case(C, torch.tensor([2 ** 62, -(2 ** 63), 0]))
    tensor_case(C, torch.tensor([True, False, True]))
    tensor_case(C, torch.tensor([[True], [False]]))
    tensor_case(C, torch.tensor(False))
    # --- floats: integral values, fractions, magnitudes, specials
    float_lists = [
        [1.0, 2.0, 3.0], [1.5, 2.25, -3.125], [0.1, 0.2, 0.3], [-1.0, 0.0, 1.0],
        [1000.0, 1.0], [1001.0, 1.0], [1e8, 1.0], [1.1e8, 2.0], [123456789.0],
        [1.5e8, 0.5], [0.0001, 1.0], [0.00009, 1.0], [1e-5, 2e-5], [1.0, 1000.5],
        [0.001, 0.5], [12345.678, 0.25], [3.14159265, 2.71828, 1.41421],
        [nan, 1.0, 2.0], [inf, -inf, 1.0], [nan, inf, -inf], [nan], [inf], [0.0, 0.0],
        [-0.0], [-0.0, 1.0], [-0.0, 1.5], [0.0, -0.0, nan], [1e-10, 1e10],
        [1e30, -1e30, 1.0], [nan, 1.5, -2.25e-6], [inf, 1e9], [-1.0, -2.0, -3.0],
        [1e20, 1e21], [0.5, 100.0], [2.0, 1000.0], [2.0, 2000.0], [5e-5],
        [1.0e-4, 1.0e-1], [99999999.0, 1.0], [123.456, -0.001],
    ]
    for vals in float_lists:
        tensor_case(C, f(vals))
    for v in [3.0, -2.5, 0.0, -0.0, nan, -inf, 1e-8, 1e9, 123456.789, 0.1]:
        tensor_case(C, torch.tensor(v))
        tensor_case(C, torch.tensor(v, dtype=torch.float64))
    # --- random matrices across magnitudes (sci-mode boundaries)
    for k in [-6, -4, -3, -1, 0, 2, 4, 7, 9]:
        tensor_case(C, torch.randn(3, 4) * 10.0 ** k)
    tensor_case(C, torch.randn(2, 3, 4))
    tensor_case(C, torch.randn(2, 2, 2, 3))
    tensor_case(C, torch.randn(1, 1, 1, 1))
    tensor_case(C, torch.randn(3, 1))
    tensor_case(C, torch.randn(4, 3, dtype=torch.float64))
    tensor_case(C, torch.randn(2, 3).to(torch.float16))
    tensor_case(C, torch.randn(2, 3).to(torch.bfloat16))
    tensor_case(C, f([1.0, 2.0, 65504.0], torch.float16))
    tensor_case(C, f([1.0, 2.5, 1e30], torch.bfloat16))
    tensor_case(C, torch.tensor(1.5, dtype=torch.float16))
    tensor_case(C, torch.tensor(0.1, dtype=torch.float64))
    tensor_case(C, f([0.1, 1 / 3], torch.float64))
    # --- complex
    tensor_case(C, torch.tensor([1 + 2j, -3.5 - 0.25j]))
    tensor_case(C, torch.tensor([[1 + 1j, 0 - 1j], [2.0 + 0j, -0.0 - 0.0j]], dtype=torch.complex128))
    tensor_case(C, torch.tensor(2 - 3j))
    tensor_case(C, torch.tensor([1e-5 + 1e5j, nan + 1j, 1 + nan * 1j, inf - inf * 1j]))
    tensor_case(C, torch.randn(3, 3, dtype=torch.complex64))
    tensor_case(C, torch.tensor([1 + 2j, 3 - 4j]), op="conj")
    tensor_case(C, torch.tensor([1 + 2j, 3 - 4j]), op="conj_imag")
    # --- empty tensors
    for shape, d in [((0,), torch.float32), ((0, 3), torch.float32), ((2, 0, 4), torch.float32),
                     ((0,), torch.int64), ((0, 2), torch.int64), ((0,), torch.bool),
                     ((0,), torch.float64), ((3, 0), torch.uint8), ((0,), torch.complex64),
                     ((1, 0), torch.float16)]:
        tensor_case(C, torch.empty(shape, dtype=d))
    tensor_case(C, torch.empty((0, 3)), default_dtype="float64")
    # --- summarised (more than 1000 elements)
    tensor_case(C, dtype="int64", shape=[2000], gen=[2000, 1, 0, 0, 1])
    tensor_case(C, dtype="float32", shape=[1500], gen=[1500, 7, 113, -50, 8])
    tensor_case(C, dtype="float32", shape=[50, 50], gen=[2500, 37, 1000, -500, 3])
    tensor_case(C, dtype="float64", shape=[12, 12, 12], gen=[1728, 1, 0, 0, 1000])
    tensor_case(C, dtype="float32", shape=[10, 10, 2, 6], gen=[1200, 13, 97, 0, 1])
    tensor_case(C, dtype="int32", shape=[40, 30], gen=[1200, 12345, 100000, -50000, 1])
    tensor_case(C, dtype="bool", shape=[1001], gen=[1001, 1, 2, 0, 1])
    tensor_case(C, dtype="uint8", shape=[3, 400], gen=[1200, 1, 256, 0, 1])
    tensor_case(C, dtype="float32", shape=[1001, 1], gen=[1001, 1, 0, 0, 1])
    tensor_case(C, dtype="float32", shape=[2, 1000], gen=[2000, 1, 0, 1, 1e-6])
    tensor_case(C, dtype="float16", shape=[1100], gen=[1100, 3, 17, 0, 4])
    tensor_case(C, dtype="float32", shape=[10, 200], gen=[2000, 1, 0, 0, 1], opts={"edgeitems": 1})
    tensor_case(C, dtype="float32", shape=[20, 60], gen=[1200, 1, 0, 0, 7], opts={"linewidth": 40})
    tensor_case(C, dtype="int64", shape=[1001], gen=[1001, 1, 0, 0, 1], opts={"profile": "full"})
    tensor_case(C, dtype="float32", shape=[4, 5, 60], gen=[1200, 1, 0, 0, 1], opts={"profile": "short"})
    tensor_case(C, dtype="int64", shape=[20], gen=[20, 1, 0, 0, 1], opts={"threshold": 10})
    tensor_case(C, dtype="int64", shape=[20], gen=[20, 1, 0, 0, 1], opts={"threshold": 10, "edgeitems": 0})
    tensor_case(C, dtype="float32", shape=[5, 5], gen=[25, 1, 0, 0, 3], opts={"threshold": 10, "edgeitems": 1})
    tensor_case(C, dtype="float32", shape=[3, 3, 3], gen=[27, 1, 0, 0, 1], opts={"threshold": 10, "edgeitems": 1})
    tensor_case(C, dtype="float32", shape=[7], gen=[7, 1, 0, 0, 1], opts={"threshold": 5, "edgeitems": 3})
    tensor_case(C, dtype="float32", shape=[6], gen=[6, 1, 0, 0, 1], opts={"threshold": 2, "edgeitems": 0})
    tensor_case(C, dtype="float32", shape=[2, 3], gen=[6, 1, 0, 0, 1], opts={"threshold": 2, "edgeitems": 0})
    tensor_case(C, dtype="float32", shape=[3], gen=[3, 1, 0, 0, 3], opts={"precision": -1})
    tensor_case(C, dtype="float32", shape=[2], gen=[2, 0, 0, 0, 1], opts={"precision": -1})
    tensor_case(C, dtype="float32", shape=[1200], gen=[1200, 1, 0, 1, 1e9])
    tensor_case(C, dtype="int64", shape=[2000], gen=[2000, 1, 0, 0, 1], opts={"edgeitems": 5, "linewidth": 30})
    # --- long rows that wrap
    tensor_case(C, dtype="float32", shape=[50], gen=[50, 1, 0, 0, 7])
    tensor_case(C, dtype="float32", shape=[5, 30], gen=[150, 123457, 1000000, -500000, 3])
    tensor_case(C, dtype="float32", shape=[2, 3, 25], gen=[150, 1, 0, 0, 1e-5])
    tensor_case(C, dtype="int64", shape=[3, 40], gen=[120, 99991, 1000003, -500000, 1])
    tensor_case(C, dtype="float64", shape=[30], gen=[30, 1, 0, 0, 3], opts={"precision": 10})
    tensor_case(C, torch.randn(20, dtype=torch.complex64))
    tensor_case(C, dtype="bool", shape=[40], gen=[40, 1, 3, 0, 1])
    tensor_case(C, dtype="int64", shape=[100], gen=[100, 1, 0, 0, 1], opts={"linewidth": 1})
    # --- print options
    base = torch.tensor([[1.123456, -2.5, 3.0], [1e-3, 123.25, -0.5]])
    for opts in [{"precision": 2}, {"precision": 0}, {"precision": 8}, {"sci_mode": True},
                 {"sci_mode": False}, {"linewidth": 40}, {"linewidth": 20}, {"threshold": 3},
                 {"threshold": 3, "edgeitems": 1}, {"profile": "short"},
                 {"profile": "full"}, {"precision": 2, "sci_mode": True}]:
        tensor_case(C, base, opts=opts)
    for opts in [{"sci_mode": True}, {"sci_mode": False}, {"precision": 1}]:
        tensor_case(C, f([1.0, 2.0, 3.0]), opts=opts)
        tensor_case(C, f([1e-6, 1.0, 1e6]), opts=opts)
        tensor_case(C, f([0.0, nan]), opts=opts)
        tensor_case(C, torch.tensor(2.5), opts=opts)
    tensor_case(C, f([1.0, 2.0]), requires_grad=True, opts={"linewidth": 20})
    # --- autograd: requires_grad leaves, grad_fn, Parameter
    g = f([[1.0, 2.0], [3.0, 4.5]])
    tensor_case(C, g, requires_grad=True)
    tensor_case(C, torch.tensor(1.5), requires_grad=True)
    tensor_case(C, f([1.0, 2.0], torch.float64), requires_grad=True)
    for op in ["mul2", "add1", "sum", "mean", "pow2", "neg", "div4", "view", "select0", "t",
               "clone", "to_double", "detach", "unsqueeze", "copyslices"]:
        tensor_case(C, g, requires_grad=True, op=op)
    tensor_case(C, torch.empty(0, 3), requires_grad=True)
    tensor_case(C, torch.empty(0), requires_grad=True, op="mul2")
    tensor_case(C, g, op="mul2")
    tensor_case(C, torch.randn(40), requires_grad=True, op="mul2")
    tensor_case(C, dtype="float32", shape=[1100], gen=[1100, 1, 0, 0, 1], requires_grad=True, op="add1")
    tensor_case(C, g, parameter=True)
    tensor_case(C, g, parameter=False)
    tensor_case(C, torch.tensor(3.0), parameter=True)
    tensor_case(C, torch.empty(0, 2), parameter=True)
    tensor_case(C, torch.randn(3, 30), parameter=True)
    tensor_case(C, f([1.0, 2.0], torch.float64), parameter=True)
    # --- default dtype float64
    tensor_case(C, f([1.5, 2.0], torch.float64), default_dtype="float64")
    tensor_case(C, f([1.5, 2.0], torch.float32), default_dtype="float64")
    tensor_case(C, torch.tensor([1 + 1j], dtype=torch.complex128), default_dtype="float64")
    tensor_case(C, torch.tensor([1 + 1j], dtype=torch.complex64), default_dtype="float64")
    tensor_case(C, torch.empty(0, dtype=torch.float64), default_dtype="float64")
    # --- other layouts and devices
    tensor_case(C, f([[0.0, 1.5], [2.0, 0.0]]), layout="sparse_coo")
    tensor_case(C, torch.tensor([0, 3, 0, 4]), layout="sparse_coo")
    tensor_case(C, f([[0.0, 0.0], [0.0, 0.0]]), layout="sparse_coo")
    tensor_case(C, torch.tensor([[0, 1], [2, 0]], dtype=torch.int32), layout="sparse_coo")
    tensor_case(C, f([[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]]), layout="sparse_csr")
    tensor_case(C, dtype="float32", shape=[2, 3], device="meta")
    tensor_case(C, dtype="int64", shape=[4], device="meta")
    tensor_case(C, dtype="float64", shape=[], device="meta")
    tensor_case(C, f([1.0, 2.5, -1.0]), quant=[0.1, 10, "quint8"])
    tensor_case(C, f([[1.0, 2.5], [3.0, 4.0]]), quant=[0.5, 0, "qint8"])
    tensor_case(C, f([1.0, 2.0]), quant=[0.25, 3, "qint32"])
    tensor_case(C, f([[1.0, 2.5], [3.0, 4.0]]), quant=[[0.1, 0.2], [1, 2], 0, "qint8"])
    for dtype, members, grad in [
            (torch.float32, [torch.tensor([[1.0, 2.0]]), torch.tensor([[3.5], [4.0]])], False),
            (torch.int64, [torch.tensor([1, 2]), torch.tensor([3])], False),
            (torch.float32, [torch.tensor([1.0, 2.0])], True),
            (torch.float64, [torch.randn(2, 30, dtype=torch.float64)], False)]:
        nested = [{"shape": list(m.shape), "values": encode_values(m.to(dtype))} for m in members]
        tensor_case(C, dtype=str(dtype).split(".")[1], nested=nested, requires_grad=grad)
    return C


def main():
    data = {"float_repr": float_repr_cases(), "format": format_cases(), "tensor": tensor_cases()}
    path = os.path.join(HERE, "fixtures.json")
    with open(path, "w") as out:
        json.dump(data, out, separators=(",", ":"))
        out.write("\n")
    print(f"{path}: {len(data['float_repr'])} float reprs, {len(data['format'])} format specs, "
          f"{len(data['tensor'])} tensors, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
