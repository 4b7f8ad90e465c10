# At a prompt in a function's frame, a comprehension or lambda typed there
# sees the frame's variables, while a function it calls still reads the
# module's global of the same name as a local.
x = "global x"


def read_x():
    return x


def f(x, k):
    breakpoint()
    return x


print("f returned", f("local x", 3))
