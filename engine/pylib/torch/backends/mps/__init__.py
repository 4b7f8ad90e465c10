"""torch.backends.mps: Apple's GPU backend, absent from a Linux build."""


def is_available():
    return False


def is_built():
    return False
