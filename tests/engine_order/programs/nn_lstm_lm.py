# An LSTM language model: Embedding -> 2-layer LSTM (dropout 0 in eval-free
# training) -> Linear -> CrossEntropyLoss over every step, two backward
# passes (the second with the carried, detached state). The fused
# MkldnnRnnLayerBackward0 / stack / cat nodes and the engine order must be
# PyTorch's.
import torch
from torch import nn

torch.manual_seed(0)


class LanguageModel(nn.Module):
    def __init__(self, vocab, dim, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.lstm = nn.LSTM(dim, hidden, num_layers=2, batch_first=True)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, tokens, state=None):
        out, state = self.lstm(self.embed(tokens), state)
        return self.head(out), state


model = LanguageModel(7, 4, 5)
tokens = torch.randint(0, 7, (2, 6))
logits, state = model(tokens[:, :-1])
loss = nn.CrossEntropyLoss()(logits.reshape(-1, 7), tokens[:, 1:].reshape(-1))
loss.backward()
state = tuple(s.detach() for s in state)
logits, _ = model(tokens[:, 1:], state)
logits.pow(2).mean().backward()
print(loss.item() > 0, model.lstm.weight_hh_l1.grad.shape)
