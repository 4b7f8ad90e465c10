# torch.Generator objects and generator= arguments: each random operator
# draws from the generator it is given exactly as PyTorch does; states can
# be saved and restored; the default generator is torch.default_generator.
import torch

g = torch.Generator()
print(g.initial_seed(), g.device, type(g), torch.Generator)
print(g.manual_seed(3) is g, g.initial_seed())
print(torch.rand(3, generator=g))
print(torch.randn(2, 2, generator=g))
print(torch.randint(0, 10, (5,), generator=g))
print(torch.randint(10, (3,), generator=g))
print(torch.randperm(6, generator=g))
print(torch.normal(0., 1., (3,), generator=g))
print(torch.normal(torch.zeros(3), torch.ones(3), generator=g))
print(torch.bernoulli(torch.full((4,), 0.5), generator=g))
print(torch.multinomial(torch.tensor([0.1, 0.2, 0.7]), 4, replacement=True, generator=g))
x = torch.empty(3)
print(x.uniform_(generator=g).clone(), x.normal_(generator=g).clone(), x.random_(0, 5, generator=g).clone())
print(x.bernoulli_(0.5, generator=g).clone(), x.exponential_(generator=g).clone(), x.uniform_(-1, 1, generator=g).clone())
print(torch.randn(2, generator=None).shape)

# two generators with one seed draw the same; the global one is untouched
torch.manual_seed(0)
g1 = torch.Generator().manual_seed(42)
g2 = torch.Generator().manual_seed(42)
print(torch.equal(torch.randn(5, generator=g1), torch.randn(5, generator=g2)))
print(torch.rand(2))
torch.manual_seed(0)
print(torch.rand(2))

# get_state / set_state
s = g.get_state()
print(s.dtype, s.shape, type(s))
a = torch.rand(2, generator=g)
print(g.set_state(s) is g)
b = torch.rand(2, generator=g)
print(torch.equal(a, b))

# the default generator and the global functions
print(type(torch.default_generator), torch.default_generator is torch.default_generator)
torch.manual_seed(5)
print(torch.default_generator.initial_seed(), torch.initial_seed())
print(torch.manual_seed(7) is torch.default_generator)
st = torch.get_rng_state()
r1 = torch.rand(2)
torch.set_rng_state(st)
print(torch.equal(r1, torch.rand(2)))
torch.default_generator.manual_seed(11)
print(torch.rand(2))
with torch.random.fork_rng():
    print(torch.rand(3))
print(torch.rand(1))
torch.random.manual_seed(11)
print(torch.rand(2), torch.random.initial_seed())
st = torch.random.get_rng_state()
torch.random.set_rng_state(st)
print(torch.Generator('cpu').device, torch.Generator(device='cpu').initial_seed())

def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

show(lambda: torch.rand(2, generator=5))
show(lambda: g.manual_seed('a'))
show(lambda: g.set_state(torch.zeros(3)))
show(lambda: torch.set_rng_state([1, 2]))
show(lambda: g.set_state(None))
