def check(n):
    if n < 0:
        raise ValueError(f"n must be non-negative, got {n}")
check(-2)
