# exec(), eval() and compile(): source run at run time, against the
# caller's namespace, a globals dict, or separate globals and locals.
import torch

scale = 3
print(eval("scale * 2"), eval("  torch.ones(2) * scale"))
exec("made_here = scale + 1")
print(made_here)


def inside(a):
    b = a * 10
    print(eval("a + b"))
    exec("c = a + b")  # goes to a snapshot of the locals, not to the function
    try:
        c
    except NameError as e:
        print(e)
    return b


print(inside(2))

ns = {"base": 5}
exec("def add(x):\n    return x + base\nresult = add(1)", ns)
print(ns["result"], sorted(k for k in ns if k != "__builtins__"), type(ns["__builtins__"]).__name__)
ns["base"] = 100  # the function reads its globals: this dict
print(ns["add"](1))

g, l = {"k": 2}, {}
exec("v = k * 3\nw = v + 1", g, l)
print(sorted(l.items()), "v" in g)
exec("def f():\n    return v\ntry:\n    f()\nexcept NameError as e:\n    err = str(e)", g, l)
print(l["err"])
print(eval("v + k", g, l), eval("w", {}, {"w": "from locals"}))

code = compile("total = sum(range(n))", "made.py", "exec")
print(code.co_filename, code.co_name, repr(code).startswith("<code object <module> at "))
for n in (3, 4):
    exec(code)
    print(total)
expr = compile("n ** 2", "<expr>", "eval")
print(eval(expr), eval(expr, {"n": 7}))
exec(compile("n * 11", "<single>", "single"))

for bad in ["exec(1)", "eval(1)", "exec('x = 1', 5)", "eval('x', 5)", "exec('x = 1', {}, 5)",
            "eval('x', {}, 5)", "compile('x', 'f', 'bad')", "compile(1, 'f', 'exec')"]:
    try:
        eval(bad)
    except (TypeError, ValueError) as e:
        print(bad, "->", type(e).__name__, e)

for src in ["x = ", "eval('x = 1')"]:
    try:
        exec(src)
    except SyntaxError as e:
        print(type(e).__name__, e.msg, e.lineno)

try:
    exec("def boom():\n    return 1 / 0\nboom()", {})
except ZeroDivisionError as e:
    print("raised:", e)

layers = {"torch": torch}
for i in range(3):
    exec(f"w{i} = torch.full((2,), {i}.0, requires_grad=True)", layers)
loss = eval("(w0 + w1 * 2 + w2 * 3).sum()", layers)
loss.backward()
print(loss.item(), [layers[f"w{i}"].grad.tolist() for i in range(3)])

# One text run in namespaces whose names were numbered in different orders.
src = "out = first * 10 + second"
d1 = {"first": 1, "second": 2}
d2 = {"second": 3, "first": 4, "extra": 0}
for d in (d1, d2, d1, d2):
    exec(src, d)
print(d1["out"], d2["out"])

# timeit runs its statements through exec(), in its own namespace unless
# given one.
import timeit

t = timeit.Timer("y = x * 2", setup="x = 21")
print(type(t.timeit(100)).__name__, len(t.repeat(3, 10)))
print(timeit.timeit("scale + 1", number=5, globals=globals()) >= 0.0)
try:
    timeit.timeit("scale + 1", number=1)
except NameError as e:
    print(e)
calls = []
timeit.timeit(lambda: calls.append(1), number=4)
print(len(calls))
try:
    timeit.Timer("for")
except SyntaxError as e:
    print(e.msg, e.filename)

# A SyntaxError from source at run time: str() names the file and line, and
# the attributes say where.
for src in ["x = (", "f(a b)", "a b"]:
    try:
        exec(src)
    except SyntaxError as e:
        print(str(e), "|", e.msg, e.lineno, e.offset, repr(e.text))
try:
    compile("1 +", "/some/dir/prog.py", "exec")
except SyntaxError as e:
    print(e, e.filename)
print(str(SyntaxError("plain")))
