# A GRU encoder-decoder (seq2seq): a bidirectional GRU encoder over packed
# variable-length input, its final states summed into the decoder's h0, a
# GRUCell decoder unrolled with teacher forcing, a Linear head and an NLL
# loss. Node names, edges and the engine order must be PyTorch's.
import torch
from torch import nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_padded_sequence

torch.manual_seed(0)


class Seq2Seq(nn.Module):
    def __init__(self, vocab, dim, hidden):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.encoder = nn.GRU(dim, hidden, bidirectional=True)
        self.decoder = nn.GRUCell(dim, hidden)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, src, lengths, tgt):
        packed = pack_padded_sequence(self.embed(src), lengths, enforce_sorted=False)
        _, h = self.encoder(packed)
        state = h[0] + h[1]
        logits = []
        for step in range(tgt.size(0) - 1):
            state = self.decoder(self.embed(tgt[step]), state)
            logits.append(self.head(state))
        return torch.stack(logits)


model = Seq2Seq(8, 3, 4)
src = torch.randint(1, 8, (5, 3))
tgt = torch.randint(1, 8, (4, 3))
logits = model(src, torch.tensor([3, 5, 2]), tgt)
loss = F.nll_loss(F.log_softmax(logits, dim=-1).reshape(-1, 8), tgt[1:].reshape(-1))
loss.backward()
print(model.encoder.weight_ih_l0_reverse.grad.shape, model.decoder.bias_hh.grad.shape)
