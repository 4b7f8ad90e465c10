import torch

v = torch.__version__
print(type(v).__name__, type(v).__module__, isinstance(v, str))
print(repr(v), str(v), f"{v}", len(v) > 0)
print(v >= "2.0", v >= (2, 0), v >= [2, 0], v < (3,), v > "2.15", v > "2.15.0")
print(v == "2.15.0+cu132", v == torch.version.__version__, v != "1.13", v == (2, 15, 0))
print(v <= "2.15.0+cu200", v < "2.16.0a0", v > "2.15.0rc1", v > "2.15.0.dev20250101")
print(v == "not a version", v < "zzz", v.split("+")[0], v.startswith("2."))
print(hash(v) == hash(str(v)), {v: 1}[str(v)])
try:
    v < 3
except Exception as e:
    print(type(e).__name__, e)
try:
    v < None
except Exception as e:
    print(type(e).__name__, e)
