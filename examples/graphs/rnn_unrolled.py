# rnn_unrolled: an Elman RNN unrolled over 200 steps (1,609 backward
# nodes). The picture folds the repeated steps into one box per run of
# identical iterations, so a long loop still fits on a page.
#
#   scripts/run render examples/graphs/rnn_unrolled.py -o rnn.svg --grads
import torch

torch.manual_seed(0)
steps, hidden_size, input_size = 200, 16, 4

w_xh = (torch.randn(input_size, hidden_size) * 0.3).requires_grad_()
w_hh = (torch.randn(hidden_size, hidden_size) * 0.2).requires_grad_()
b_h = torch.zeros(hidden_size, requires_grad=True)
w_out = (torch.randn(hidden_size, 1) * 0.3).requires_grad_()

inputs = torch.randn(steps, input_size)
h = torch.zeros(hidden_size)
for t in range(steps):
    h = torch.tanh(inputs[t] @ w_xh + h @ w_hh + b_h)
prediction = h @ w_out
loss = (prediction - 1.0).pow(2).sum()
loss.backward()
print("loss", round(loss.item(), 4))
print("|dW_hh|", round(w_hh.grad.norm().item(), 6))
print("|dW_xh|", round(w_xh.grad.norm().item(), 6))
