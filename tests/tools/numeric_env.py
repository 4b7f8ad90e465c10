"""The environment that makes PyTorch's printed numbers the same on every
machine, for recording fixtures from the oracle and for running backstep
against them.

Note [One CPU kernel set for every fixture]
libtorch picks its vectorised CPU kernels at start-up from what the CPU
offers (AVX-512 where present, else AVX2). The two sets round differently
in the last printed digit for some ops (F.gelu, group/layer norms): the
fixtures recorded on an AVX-512 machine failed on CI's AVX2 machine in
backstep *and* in real PyTorch there. ATEN_CPU_CAPABILITY (read by
libtorch itself, so backstep and the oracle obey it alike) pins AVX2, which
every machine of ours has; OMP_NUM_THREADS=1 makes reductions sum in one
order (optim_swa_utils.py differs otherwise).
"""
import os

NUMERIC_ENV = {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "ATEN_CPU_CAPABILITY": "avx2"}


def numeric_environment(base=None):
    """`base` (default: os.environ) with NUMERIC_ENV over it."""
    return dict(os.environ if base is None else base, **NUMERIC_ENV)


def oracle_environment(base=None):
    """How the recorders run a program under real PyTorch: the numeric
    environment, the hash seed backstep's runs use too, no bytecode files,
    breakpoint() a no-op (the debugger's business), no GPU."""
    return dict(numeric_environment(base), PYTHONDONTWRITEBYTECODE="1", PYTHONBREAKPOINT="0",
                PYTHONHASHSEED="0", CUDA_VISIBLE_DEVICES="")
