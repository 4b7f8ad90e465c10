# LBFGS with a closure: fixed steps and the strong-Wolfe line search on a
# small regression model and on the Rosenbrock function; its state.
import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(10, 3)
y = torch.randn(10, 1)

for line_search in (None, 'strong_wolfe'):
    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
    opt = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=6, history_size=3, line_search_fn=line_search)
    evals = [0]

    def closure():
        evals[0] += 1
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        return loss

    for step in range(3):
        loss = opt.step(closure)
        print(line_search, step, loss.item(), evals[0])
    for p in model.parameters():
        print(' ', p.detach().flatten().tolist())
    state = opt.state[model[0].weight]
    print(' ', state['func_evals'], state['n_iter'], len(state['old_dirs']), float(state['t']),
          float(state['H_diag']), state['prev_loss'])
    print(sorted(state.keys()))
    print(opt)

# Rosenbrock from (-1.5, 2): strong Wolfe converges
xy = torch.tensor([-1.5, 2.0], requires_grad=True)
opt = torch.optim.LBFGS([xy], lr=1, max_iter=50, line_search_fn='strong_wolfe')


def rosenbrock():
    opt.zero_grad()
    f = (1 - xy[0]) ** 2 + 100 * (xy[1] - xy[0] ** 2) ** 2
    f.backward()
    return f


for step in range(4):
    f = opt.step(rosenbrock)
    print('rosenbrock', step, f.item(), xy.detach().tolist(), opt.state[xy]['func_evals'])

# maximize: climbs -(x-3)^2
z = torch.tensor([0.0], requires_grad=True)
opt = torch.optim.LBFGS([z], maximize=True)


def neg_parabola():
    opt.zero_grad()
    f = -((z - 3) ** 2).sum()
    f.backward()
    return f


print(opt.step(neg_parabola), z)
print(opt.state_dict()['state'][0]['n_iter'])
