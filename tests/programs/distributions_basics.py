# torch.distributions as training scripts use them: Categorical from probs
# and from logits (sample, log_prob, entropy, the repr), Normal (rsample
# keeps the graph, sample does not; log_prob, entropy, cdf), Bernoulli,
# kl_divergence, and the argument checks PyTorch's validation raises.
import torch
from torch.distributions import Bernoulli, Categorical, Normal, kl_divergence
from torch.distributions import constraints

torch.manual_seed(0)
probs = torch.tensor([0.1, 0.2, 0.7])
m = Categorical(probs)
print(m, m.batch_shape, m.event_shape)
s = m.sample()
print(s, m.sample((2, 3)), m.log_prob(s), m.entropy())
logits = torch.randn(2, 4, requires_grad=True)
c = Categorical(logits=logits)
print(c, c.batch_shape, c.probs.grad_fn.name(), c.mode)
a = c.sample()
lp = c.log_prob(a)
print(a, lp)
(-lp.sum()).backward()
print(logits.grad)
print(c.enumerate_support())

loc = torch.zeros(3, requires_grad=True)
scale = torch.tensor([1.0, 0.5, 2.0], requires_grad=True)
n = Normal(loc, scale)
print(n, n.mean, n.stddev, n.variance)
x = n.rsample()
print(x.grad_fn is not None, n.sample().requires_grad, n.sample((2,)).shape)
print(n.log_prob(torch.tensor([0.5, -0.5, 1.0])), n.entropy(), n.cdf(torch.zeros(3)))
kl = kl_divergence(n, Normal(torch.ones(3), torch.ones(3))).sum()
kl.backward()
print(kl, loc.grad, scale.grad)
print(Normal(0.0, 1.0), Normal(0.0, 1.0).batch_shape, Normal(0.0, 1.0).log_prob(torch.tensor(0.0)))

b = Bernoulli(torch.tensor([0.25, 0.5, 0.9]))
print(b, b.sample(), b.log_prob(torch.tensor([1.0, 0.0, 1.0])), b.entropy(), b.logits)
print(Bernoulli(logits=torch.tensor([0.0, 2.0])).probs)
print(kl_divergence(Categorical(probs), Categorical(logits=torch.zeros(3))))
print(constraints.simplex, constraints.positive, constraints.integer_interval(0, 2))

for bad in (lambda: Categorical(torch.tensor([0.5, -0.1])),
            lambda: Normal(torch.zeros(2), torch.tensor([1.0, -1.0])),
            lambda: Categorical(probs).log_prob(torch.tensor(3)),
            lambda: Categorical(),
            lambda: kl_divergence(Categorical(probs), Normal(0.0, 1.0))):
    try:
        bad()
    except (ValueError, NotImplementedError) as e:
        print(type(e).__name__ + ":", e)
print(Normal(torch.zeros(2), torch.tensor([1.0, -1.0]), validate_args=False).scale)
