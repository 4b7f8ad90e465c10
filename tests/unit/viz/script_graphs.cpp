#include "script_graphs.h"

namespace backstep::viz::testing {

namespace {

Built finish(autograd::NodeIds& ids, Names& names, std::vector<at::Tensor> roots) {
  Built b;
  b.roots = std::move(roots);
  b.snapshot = autograd::snapshot(ids, b.roots, names.namer());
  return b;
}

}  // namespace

Built rnn(autograd::NodeIds& ids, int steps, bool use_call, int hidden) {
  Names names;
  FakeScript script(use_call ? "rnn_cell.py" : "rnn.py",
                    use_call ? "def cell(xt, h):\n"
                               "    return torch.tanh(xt @ W + h @ U + b)\n"
                               "h = h0\n"
                               "for t in range(T):\n"
                               "    h = cell(x[t], h)\n"
                               "loss = h.sum()\n"
                             : "h = h0\n"
                               "for t in range(T):\n"
                               "    h = torch.tanh(x[t] @ W + h @ U + b)\n"
                               "loss = h.sum()\n");
  at::Tensor W = param(names, "W", {hidden, hidden});
  at::Tensor U = param(names, "U", {hidden, hidden});
  at::Tensor b = param(names, "b", {hidden});
  at::Tensor x = at::randn({steps, 1, hidden});
  at::Tensor h = at::zeros({1, hidden});
  // Column spans of `x[t] @ W`, `h @ U`, their sum, `+ b` and the tanh call.
  const int line = use_call ? 2 : 3;
  const int base = use_call ? 23 : 20;
  for (int t = 0; t < steps; ++t) {
    if (use_call) {
      script.at(5, 9, 22);
      script.call("cell");
    }
    at::Tensor xt = x[t];
    script.at(line, base, base + 8);
    at::Tensor a = at::mm(xt, W);
    script.at(line, base + 11, base + 16);
    at::Tensor c = at::mm(h, U);
    script.at(line, base, base + 16);
    at::Tensor s = a + c;
    script.at(line, base, base + 20);
    s = s + b;
    script.at(line, base - 11, base + 21);
    h = at::tanh(s);
    if (use_call) script.ret();
  }
  script.at(use_call ? 6 : 4, 8, 15);
  at::Tensor loss = names.add(h.sum(), "loss");
  return finish(ids, names, {loss});
}

Built mlp(autograd::NodeIds& ids, int layers, int width) {
  Names names;
  FakeScript script("mlp.py",
                    "def layer(x, w, b):\n"
                    "    return torch.relu(x @ w + b)\n"
                    "x = inputs\n"
                    "for i in range(L):\n"
                    "    x = layer(x, ws[i], bs[i])\n"
                    "loss = x.sum()\n");
  at::Tensor x = at::randn({2, width});
  for (int i = 0; i < layers; ++i) {
    // Parameters are created (and named) before the loop in a real script;
    // their AccumulateGrad nodes appear at first use, inside the call.
    at::Tensor w = param(names, layers <= 8 ? "w" + std::to_string(i) : "", {width, width});
    at::Tensor b = param(names, layers <= 8 ? "b" + std::to_string(i) : "", {width});
    script.at(5, 9, 31);
    script.call("layer");
    script.at(2, 23, 28);
    at::Tensor m = at::mm(x, w);
    script.at(2, 23, 32);
    at::Tensor s = m + b;
    script.at(2, 12, 33);
    x = at::relu(s);
    script.ret();
  }
  script.at(6, 8, 15);
  at::Tensor loss = names.add(x.sum(), "loss");
  return finish(ids, names, {loss});
}

Built small(autograd::NodeIds& ids) {
  Names names;
  FakeScript script("small.py",
                    "a = torch.randn(3, 4, requires_grad=True)\n"
                    "b = torch.randn(3, 4, requires_grad=True)\n"
                    "c = a * b\n"
                    "loss = c.sum()\n");
  at::Tensor a = param(names, "a", {3, 4});
  at::Tensor b = param(names, "b", {3, 4});
  script.at(3, 5, 10);
  at::Tensor c = names.add(a * b, "c");
  script.at(4, 8, 15);
  at::Tensor loss = names.add(c.sum(), "loss");
  return finish(ids, names, {loss});
}

Built no_origin_chain(autograd::NodeIds& ids, int n, bool irregular) {
  autograd::install_engine();
  Names names;
  at::Tensor w = param(names, "w", {4});
  at::Tensor x = w;
  uint32_t state = 12345;
  for (int i = 0; i < n; ++i) {
    state = state * 1103515245u + 12345u;  // an LCG: the op sequence never settles into a period
    int op = irregular ? static_cast<int>((state >> 16) % 4) : i % 2;
    if (op == 0) x = at::tanh(x);
    else if (op == 1) x = x * 2;
    else if (op == 2) x = at::sigmoid(x);
    else x = x + w;
  }
  return finish(ids, names, {names.add(x.sum(), "y")});
}

}  // namespace backstep::viz::testing
