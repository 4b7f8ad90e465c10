# covers: F.scaled_dot_product_attention as PyTorch 2.x runs it on CPU: the fused
# kernel's backward node (ScaledDotProductFlashAttentionForCpuBackward0) for
# attn_mask, is_causal and scale; dropout_p taking the math path (its own nodes);
# gradients of q, k, v; argument errors
import torch
import torch.nn.functional as F


def walk(fn, depth=0):
    if fn is None:
        return
    print("  " * depth + fn.name())
    for next_fn, _ in fn.next_functions:
        walk(next_fn, depth + 1)


torch.manual_seed(0)
q = torch.randn(2, 2, 3, 4, requires_grad=True)
k = torch.randn(2, 2, 5, 4, requires_grad=True)
v = torch.randn(2, 2, 5, 4, requires_grad=True)

out = F.scaled_dot_product_attention(q, k, v)
print(out.shape, out.grad_fn.name())
walk(out.grad_fn)
out.sum().backward()
print(q.grad.sum(), k.grad.abs().sum(), v.grad.sum())

causal = F.scaled_dot_product_attention(q, k, v, is_causal=True)
print(causal[0, 0])
walk(causal.grad_fn)

mask = torch.ones(3, 5, dtype=torch.bool).tril()
masked = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=0.5)
print(masked[1, 1])
q.grad = None
masked.pow(2).sum().backward()
print(q.grad[1, 0])

bias = torch.randn(3, 5)
print(F.scaled_dot_product_attention(q, k, v, attn_mask=bias).grad_fn.name())

# Three-dimensional inputs: a batch without heads.
q3 = torch.randn(2, 3, 4, requires_grad=True)
k3 = torch.randn(2, 5, 4)
v3 = torch.randn(2, 5, 4)
walk(F.scaled_dot_product_attention(q3, k3, v3).grad_fn)

# dropout_p > 0 (training) runs the math path: softmax, dropout, bmm nodes.
torch.manual_seed(1)
dropped = F.scaled_dot_product_attention(q3, k3, v3, dropout_p=0.5)
print(dropped)
walk(dropped.grad_fn)
dropped.sum().backward()
print(q3.grad)

with torch.no_grad():
    print(F.scaled_dot_product_attention(q3, k3, v3, is_causal=True).requires_grad)

for kwargs in ({"is_causal": True, "attn_mask": mask}, {"attn_mask": torch.ones(4, 4)}):
    try:
        F.scaled_dot_product_attention(q, k, v, **kwargs)
    except RuntimeError as e:
        print("RuntimeError:", str(e).splitlines()[0])
try:
    F.scaled_dot_product_attention(q, k)
except TypeError as e:
    print("TypeError:", e)
