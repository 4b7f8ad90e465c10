"""The oracle every recording script runs under: the Python of the venv that
holds the pinned torch wheel backstep builds against ($BACKSTEP_PYTHON from
scripts/torch_env), so fixtures come from the very PyTorch that backstep links.

A recording script calls `reexec_under_oracle()` first: run by any other
Python (say /usr/bin/python3), it replaces itself with the same script under
the oracle; run by the oracle, it returns. It refuses a torch whose version is
not the pinned one, so a fixture never records another PyTorch's output.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _torch_env():
    """BACKSTEP_PYTHON and BACKSTEP_TORCH_PIN as scripts/torch_env sets them."""
    script = 'source "$1/scripts/torch_env" && printf "%s\\n%s\\n" "$BACKSTEP_PYTHON" "$BACKSTEP_TORCH_PIN"'
    out = subprocess.run(["bash", "-c", script, "torch_env", ROOT], check=True,
                         capture_output=True, text=True).stdout.splitlines()
    return out[0], out[1]


def oracle_python():
    """The path of the oracle's Python (need not exist yet: scripts/setup makes it)."""
    return os.environ.get("BACKSTEP_PYTHON") or _torch_env()[0]


def reexec_under_oracle():
    python, pin = _torch_env()
    python = os.environ.get("BACKSTEP_PYTHON") or python
    if not os.access(python, os.X_OK):
        sys.exit("%s: no oracle Python at %s; run scripts/setup first" % (sys.argv[0], python))
    if os.path.realpath(sys.prefix) != os.path.realpath(os.path.dirname(os.path.dirname(python))):
        os.execv(python, [python] + sys.argv)
    import torch  # noqa: E402 - only under the oracle
    if not torch.__version__.startswith(pin + "+") and torch.__version__ != pin:
        sys.exit("%s: the oracle has torch %s, the project pins %s" % (sys.argv[0], torch.__version__, pin))
