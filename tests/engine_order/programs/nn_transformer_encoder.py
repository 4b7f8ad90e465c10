# A small Transformer encoder classifier: Embedding plus a learned position
# table, two TransformerEncoderLayers (batch_first, a padding mask), mean
# pooling and a Linear head, one backward pass. The graph
# (MultiheadAttention's projections, softmax, baddbmm / bmm, LayerNorm)
# and the engine order must be PyTorch's.
import torch
from torch import nn

torch.manual_seed(0)


class Encoder(nn.Module):
    def __init__(self, vocab, d_model, classes):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.pos = nn.Parameter(torch.randn(6, d_model) * 0.1)
        layer = nn.TransformerEncoderLayer(d_model, 2, 8, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
        self.head = nn.Linear(d_model, classes)

    def forward(self, tokens, padding):
        x = self.embed(tokens) + self.pos[:tokens.size(1)]
        x = self.encoder(x, src_key_padding_mask=padding)
        return self.head(x.mean(dim=1))


model = Encoder(9, 4, 3)
tokens = torch.randint(0, 9, (2, 5))
padding = torch.tensor([[False, False, False, True, True], [False] * 5])
loss = nn.CrossEntropyLoss()(model(tokens, padding), torch.tensor([1, 2]))
loss.backward()
print(model.encoder.layers[1].self_attn.in_proj_weight.grad.shape)
