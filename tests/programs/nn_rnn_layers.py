# Recurrent layers: RNN / LSTM (proj_size) / GRU and their cells. Seeded
# init, reprs, parameter names, batch_first, bidirectional, num_layers,
# initial states, unbatched input, the dropout warning, the fused ATen nodes
# in the graph, gradients, and PyTorch's errors for bad shapes.
import warnings
import torch
from torch import nn

torch.manual_seed(0)
lstm = nn.LSTM(3, 4, num_layers=2, bidirectional=True)
print(lstm)
print([(n, tuple(p.shape)) for n, p in lstm.named_parameters()])
print(lstm.weight_hh_l1_reverse[:2])
x = torch.randn(5, 2, 3)
out, (h, c) = lstm(x)
print(out.shape, h.shape, c.shape)
print(out.grad_fn.name(), h.grad_fn.name())
print(out[-1])
loss = out.pow(2).sum() + h.sum()
loss.backward()
print(lstm.weight_ih_l0.grad[:3])
print(lstm.bias_hh_l1_reverse.grad)

proj = nn.LSTM(3, 5, proj_size=2, batch_first=True, bias=False)
print(proj)
print([n for n, _ in proj.named_parameters()])
h0 = torch.randn(1, 4, 2)
c0 = torch.randn(1, 4, 5)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    y, (hn, cn) = proj(torch.randn(4, 6, 3), (h0, c0))
    print([str(m.message)[:46] for m in w])
print(y.shape, hn.shape, cn.shape)
print(hn)

gru = nn.GRU(3, 4, 2, batch_first=True)
print(gru)
xb = torch.randn(2, 5, 3, requires_grad=True)
y, hn = gru(xb, torch.zeros(2, 2, 4))
y.sum().backward()
print(hn)
print(xb.grad[0])
print(gru.all_weights[1][0].shape)

rnn = nn.RNN(3, 4, 1, 'relu')
print(rnn, rnn.nonlinearity)
y, hn = rnn(torch.randn(5, 3))
print(y.shape, hn.shape, y.grad_fn.name())
print(hn)
tanh_rnn = nn.RNN(2, 3, nonlinearity='tanh', bidirectional=True, num_layers=2)
print(tanh_rnn)
print(tanh_rnn(torch.randn(4, 2, 2))[1])
y, (hn, cn) = lstm(torch.randn(5, 3), (torch.zeros(4, 4), torch.zeros(4, 4)))
print(y.shape, hn.shape, cn.shape)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    d = nn.GRU(2, 3, dropout=0.5)
    print(len(w), w[0].category.__name__, str(w[0].message))
print(d)
d2 = nn.LSTM(2, 3, num_layers=3, dropout=0.25)
d2.eval()
print(d2, d2.training)
print(d2(torch.randn(2, 1, 2))[0])

cell = nn.LSTMCell(3, 4)
print(cell)
hx, cx = cell(torch.randn(2, 3))
print(hx.grad_fn.name(), cx.grad_fn.name())
print(hx)
hx, cx = cell(torch.randn(3), (torch.zeros(4), torch.ones(4)))
print(hx.shape, cx)
g = nn.GRUCell(3, 4, bias=False)
print(g, [n for n, _ in g.named_parameters()])
print(g(torch.randn(2, 3)))
r = nn.RNNCell(3, 2, nonlinearity='relu')
print(r)
out = r(torch.randn(3), torch.ones(2))
print(out, out.grad_fn.name())
print(nn.RNNCell(3, 2)(torch.randn(1, 3)).grad_fn.name())

for make in [lambda: lstm(torch.randn(5, 2, 7)),
             lambda: lstm(torch.randn(5, 2, 3), (torch.zeros(4, 3, 4), torch.zeros(4, 2, 4))),
             lambda: lstm(torch.randn(5, 2, 3), (torch.zeros(4, 2, 4), torch.zeros(4, 2, 5))),
             lambda: lstm(torch.randn(5, 2, 3), (torch.zeros(2, 4), torch.zeros(2, 4))),
             lambda: gru(torch.randn(2, 2, 2, 3)),
             lambda: gru(torch.randn(2, 5, 3), torch.zeros(2, 4)),
             lambda: rnn(torch.randn(2, 3, 3, 3)),
             lambda: gru(torch.randn(2, 5, 3, dtype=torch.float64)),
             lambda: nn.RNN(3, 4, nonlinearity='sigmoid'),
             lambda: nn.GRU(3, 4, proj_size=2),
             lambda: nn.LSTM(3, 4, proj_size=4),
             lambda: nn.LSTM(3, 4, dropout=1.5),
             lambda: nn.LSTM(0, 4),
             lambda: nn.LSTM(3, 4, batch_first=1),
             lambda: cell(torch.randn(2, 2, 3)),
             lambda: g(torch.randn(3), torch.zeros(1, 1, 4))]:
    try:
        make()
    except (RuntimeError, ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
