# The gc module: switches, thresholds, what is tracked, and CPython's
# messages for bad arguments.
import gc

print(gc.isenabled())
gc.disable()
print(gc.isenabled())
gc.enable()
print(gc.isenabled())
print(gc.get_threshold())
gc.set_threshold(500)
print(gc.get_threshold())
gc.set_threshold(400, 5)
print(gc.get_threshold())
gc.set_threshold(700, 10, 10)
print(gc.get_threshold())
print(len(gc.get_count()), all(isinstance(n, int) for n in gc.get_count()))
print(gc.garbage, gc.callbacks)


class Plain:
    pass


print(gc.is_tracked([]), gc.is_tracked([1, [2]]), gc.is_tracked(Plain()))
print(gc.is_tracked(1), gc.is_tracked(2.5), gc.is_tracked("text"), gc.is_tracked(None), gc.is_tracked(True))
print(gc.is_tracked(lambda: 0), gc.is_tracked((1, 2)) in (True, False))
print(isinstance(gc.collect(), int), isinstance(gc.collect(0), int), isinstance(gc.collect(generation=1), int))
everything = gc.get_objects()
print(type(everything).__name__, len(everything) > 0, isinstance(gc.get_objects(0), list))

bad_calls = [
    lambda: gc.collect(3),
    lambda: gc.collect(-1),
    lambda: gc.collect("a"),
    lambda: gc.collect(1.0),
    lambda: gc.collect(None),
    lambda: gc.collect(2 ** 40),
    lambda: gc.collect(2 ** 70),
    lambda: gc.collect(1, 2),
    lambda: gc.collect(gen=1),
    lambda: gc.collect(generation="a"),
    lambda: gc.enable(1),
    lambda: gc.disable(x=1),
    lambda: gc.isenabled(1),
    lambda: gc.get_count(1),
    lambda: gc.get_threshold(1),
    lambda: gc.set_threshold(),
    lambda: gc.set_threshold(1, 2, 3, 4),
    lambda: gc.set_threshold("a"),
    lambda: gc.set_threshold(1.5),
    lambda: gc.set_threshold(2 ** 70),
    lambda: gc.set_threshold(x=1),
    lambda: gc.is_tracked(),
    lambda: gc.is_tracked(1, 2),
    lambda: gc.is_tracked(x=1),
    lambda: gc.get_objects(3),
    lambda: gc.get_objects("x"),
]
for call in bad_calls:
    try:
        call()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(gc.get_threshold())
