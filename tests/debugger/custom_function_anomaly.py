# Anomaly mode with a custom Function whose backward returns NaN: the
# failing node's forward traceback points at the line that called .apply.
import torch


class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * float("nan")


def model(x):
    return Bad.apply(x).sum()


torch.autograd.set_detect_anomaly(True)
x = torch.ones(2, requires_grad=True)
loss = model(x)
import warnings

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        loss.backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
for w in caught:
    print(w.category.__name__, w.message)
