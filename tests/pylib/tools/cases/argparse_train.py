# A typical training script's command line.
# RUN: --help
# RUN:
# RUN: --lr 0.01 --epochs 5 data.csv
# RUN: data.csv --lr=0.5 -e3 --no-cuda -vv --optimizer adam
# RUN: --lr abc data.csv
# RUN: --optimizer rmsprop data.csv
# RUN: --epochs
# RUN: data.csv extra1 extra2
# RUN: --bogus data.csv
# RUN: --ep 4 data.csv
# RUN: --l 4 data.csv
# RUN: -- --weird-file-name
# RUN: data.csv --layers 64 32 16 --tag a --tag b
# RUN: data.csv --version
# COLUMNS: 80 60 120 40
import argparse

parser = argparse.ArgumentParser(
    description='Train a small MLP on a CSV file. The loss is reported every '
                'epoch and the best checkpoint is kept.',
    epilog='Example: train.py data.csv --lr 0.01 --epochs 20')
parser.add_argument('data', help='path to the training CSV')
parser.add_argument('--lr', '--learning-rate', type=float, default=0.1,
                    help='learning rate (default: %(default)s)')
parser.add_argument('-e', '--epochs', type=int, default=10,
                    help='number of passes over the data')
parser.add_argument('--optimizer', choices=['sgd', 'adam', 'adamw'],
                    default='sgd', help='which optimizer to use')
parser.add_argument('--no-cuda', action='store_true',
                    help='disable CUDA even if it is available')
parser.add_argument('-v', '--verbose', action='count', default=0,
                    help='more output; repeat for even more')
parser.add_argument('--layers', type=int, nargs='+', default=[64],
                    metavar='N', help='hidden layer sizes')
parser.add_argument('--tag', action='append', help='free-form tags')
parser.add_argument('--seed', type=int, help=argparse.SUPPRESS)
parser.add_argument('--version', action='version', version='%(prog)s 1.0')
args = parser.parse_args()
print(args)
print(vars(args))
