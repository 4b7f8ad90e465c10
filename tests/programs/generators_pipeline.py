# oracle: pytorch
# covers: generators as training code uses them: a batch iterator over tensors, send/throw/close, yield from with return values, lazy generator expressions, generators in builtins (zip, sum, sorted, dict), infinite generators with islice-like stopping, StopIteration rules, gi_ attributes
import torch


def batches(data, batch_size, drop_last=False):
    for start in range(0, len(data), batch_size):
        chunk = data[start:start + batch_size]
        if drop_last and len(chunk) < batch_size:
            return
        yield start // batch_size, chunk


data = torch.arange(10.0).reshape(5, 2)
for i, b in batches(data, 2):
    print(i, b.sum().item(), tuple(b.shape))
print([i for i, _ in batches(data, 2, drop_last=True)])


def running_mean():
    total, count = 0.0, 0
    value = yield None
    while True:
        if value is None:
            break
        total += value
        count += 1
        value = yield total / count
    return count


avg = running_mean()
next(avg)
print([avg.send(v) for v in (1.0, 2.0, 6.0)])
try:
    avg.send(None)
except StopIteration as stop:
    print("finished after", stop.value)


def delegating():
    n = yield from running_mean()
    yield f"delegate got {n}"


d = delegating()
next(d)
print(d.send(4.0), d.send(None))


def guarded():
    try:
        yield 1
        yield 2
    except ValueError as e:
        yield f"caught {e}"
    finally:
        print("cleanup")


g = guarded()
print(next(g), g.throw(ValueError("bad batch")))
g.close()
print(g.gi_running, g.gi_frame is None)


def counter(start=0):
    while True:
        yield start
        start += 1


def take(n, it):
    return [x for _, x in zip(range(n), it)]


print(take(4, counter(3)))
calls = []
lazy = (calls.append(x) or x * x for x in range(5))
print(calls, next(lazy), calls)
print(sum(x for x in range(5)), sorted((-x for x in range(3))), dict((k, k * 2) for k in "ab"))
losses = (torch.tensor(float(i)).pow(2) for i in range(4))
print(torch.stack(list(losses)))


def broken():
    yield 1
    raise StopIteration("inside")


try:
    list(broken())
except RuntimeError as e:
    print(type(e).__name__, e, type(e.__cause__).__name__)

gen = counter()
print(type(gen).__name__, gen.__name__, gen.__qualname__, iter(gen) is gen)
