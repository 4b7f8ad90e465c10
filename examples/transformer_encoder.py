# A tiny Transformer encoder classifier: token embeddings plus learned
# positions, two nn.TransformerEncoderLayer blocks (self-attention and a
# feed-forward net, each with a residual and LayerNorm), mean pooling and a
# linear head. The task: does the sequence contain token 1? Attention has to
# look across all positions to answer. Eight steps of Adam print the loss.
# Every node of the graph records the module that made it
# (encoder.layers.0.self_attn, encoder.layers.1.linear2, ...), so the picture
# groups the two blocks and, one level deeper, their attention and FFN:
#
#   backstep render examples/transformer_encoder.py -o te.png --var loss --module-depth 3
#   backstep debug examples/transformer_encoder.py   then   :break module encoder.layers.1.self_attn
#                                                    or     :break MmBackward0   and :where
import torch
from torch import nn
import torch.nn.functional as F


class TinyEncoder(nn.Module):
    def __init__(self, vocab=8, length=6, d_model=16, heads=2, layers=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.pos = nn.Parameter(torch.randn(length, d_model) * 0.1)
        block = nn.TransformerEncoderLayer(d_model, heads, dim_feedforward=32, dropout=0.0, batch_first=True)
        # enable_nested_tensor only matters for padded batches in eval mode.
        self.encoder = nn.TransformerEncoder(block, layers, enable_nested_tensor=False)
        self.head = nn.Linear(d_model, 2)

    def forward(self, tokens):
        h = self.encoder(self.embed(tokens) + self.pos)
        return self.head(h.mean(dim=1))


torch.manual_seed(0)
model = TinyEncoder()
print(model.encoder.layers[0])
print("parameters:", sum(p.numel() for p in model.parameters()))

tokens = torch.randint(0, 8, (32, 6))
labels = (tokens == 1).any(dim=1).long()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
for step in range(8):
    logits = model(tokens)
    loss = F.cross_entropy(logits, labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(f"step {step}: loss {loss.item():.4f}")

with torch.no_grad():
    accuracy = (model(tokens).argmax(dim=1) == labels).float().mean().item()
print(f"training accuracy: {accuracy:.2f}")
attn = model.encoder.layers[0].self_attn
print("attention in_proj grad norm:", round(attn.in_proj_weight.grad.norm().item(), 3))
print("loss grad_fn chain:", loss.grad_fn.name(), "<-", loss.grad_fn.next_functions[0][0].name())
