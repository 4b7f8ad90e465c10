# pytorch/examples time_sequence_prediction (generate_sine_wave.py + train.py)
# as written, with the numpy data generation done in torch (same formula, a
# fixed seed) and tiny sizes: LSTMCell stacks in double precision, LBFGS with
# a closure, future prediction under no_grad. The plots are replaced by
# printing a few predicted values.
from __future__ import print_function
import argparse
import torch
import torch.nn as nn
import torch.optim as optim


def generate_sine_wave(T=20, L=24, N=6):
    # x[:] = np.array(range(L)) + np.random.randint(-4 * T, 4 * T, N).reshape(N, 1)
    x = torch.arange(L).expand(N, L) + torch.randint(-4 * T, 4 * T, (N, 1))
    data = torch.sin(x / 1.0 / T).to(torch.float64)
    return data


class Sequence(nn.Module):
    def __init__(self):
        super(Sequence, self).__init__()
        self.lstm1 = nn.LSTMCell(1, 12)
        self.lstm2 = nn.LSTMCell(12, 12)
        self.linear = nn.Linear(12, 1)

    def forward(self, input, future = 0):
        outputs = []
        h_t = torch.zeros(input.size(0), 12, dtype=torch.double)
        c_t = torch.zeros(input.size(0), 12, dtype=torch.double)
        h_t2 = torch.zeros(input.size(0), 12, dtype=torch.double)
        c_t2 = torch.zeros(input.size(0), 12, dtype=torch.double)

        for input_t in input.split(1, dim=1):
            h_t, c_t = self.lstm1(input_t, (h_t, c_t))
            h_t2, c_t2 = self.lstm2(h_t, (h_t2, c_t2))
            output = self.linear(h_t2)
            outputs += [output]
        for i in range(future):# if we should predict the future
            h_t, c_t = self.lstm1(output, (h_t, c_t))
            h_t2, c_t2 = self.lstm2(h_t, (h_t2, c_t2))
            output = self.linear(h_t2)
            outputs += [output]
        outputs = torch.cat(outputs, dim=1)
        return outputs


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--steps', type=int, default=2, help='steps to run')
    opt = parser.parse_args()
    # set random seed to 0
    torch.manual_seed(0)
    # load data and make training set
    data = generate_sine_wave()
    input = data[3:, :-1]
    target = data[3:, 1:]
    test_input = data[:3, :-1]
    test_target = data[:3, 1:]
    # build the model
    seq = Sequence()
    seq.double()
    criterion = nn.MSELoss()
    # use LBFGS as optimizer since we can load the whole data to train
    optimizer = optim.LBFGS(seq.parameters(), lr=0.8, max_iter=3)
    #begin to train
    for i in range(opt.steps):
        print('STEP: ', i)
        def closure():
            optimizer.zero_grad()
            out = seq(input)
            loss = criterion(out, target)
            print('loss:', loss.item())
            loss.backward()
            return loss
        optimizer.step(closure)
        # begin to predict, no need to track gradient here
        with torch.no_grad():
            future = 5
            pred = seq(test_input, future=future)
            loss = criterion(pred[:, :-future], test_target)
            print('test loss:', loss.item())
            y = pred.detach()
        # draw the result
        print('predicted tail:', [round(v, 4) for v in y[0, -5:].tolist()])
