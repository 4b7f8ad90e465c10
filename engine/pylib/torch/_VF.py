"""torch._VF: the ATen entry points torch.nn's recurrent layers call
(PyTorch's _VF forwards to torch._C._VariableFunctions; ours re-exports the
same operators from torch, so the graph holds the same nodes)."""
import torch

lstm = torch.lstm
gru = torch.gru
rnn_tanh = torch.rnn_tanh
rnn_relu = torch.rnn_relu
lstm_cell = torch.lstm_cell
gru_cell = torch.gru_cell
rnn_tanh_cell = torch.rnn_tanh_cell
rnn_relu_cell = torch.rnn_relu_cell
