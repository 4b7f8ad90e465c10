# PEP 562: a module's own __getattr__ answers for names it lacks; its
# __dir__ answers dir(module); submodules without them raise as usual.
import pep562pkg
import pep562pkg.plain as plain
from pep562pkg import old_scale, value

print(value, old_scale, pep562pkg.old_scale)
print(pep562pkg.lazy_tensor * 2)
print(dir(pep562pkg))
try:
    pep562pkg.missing
except AttributeError as e:
    print("AttributeError:", e)
try:
    from pep562pkg import nothing_here
except ImportError as e:
    print("ImportError:", str(e).split(" (")[0])
print(getattr(pep562pkg, "also_missing", "default"), hasattr(pep562pkg, "lazy_tensor"))
print(pep562pkg.calls)
try:
    plain.y
except AttributeError as e:
    print("AttributeError:", e)
print(sorted(n for n in dir(plain) if not n.startswith("__")))
