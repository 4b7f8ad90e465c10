# A multi-command tool (train / eval / export) with subparsers.
# RUN: --help
# RUN: train --help
# RUN: train --lr 0.3 data.csv
# RUN: -q eval ckpt.pt --metrics acc f1
# RUN: ev ckpt.pt
# RUN: export --format onnx out.onnx
# RUN: export --format tflite out.onnx
# RUN: bogus
# RUN:
# RUN: train
# RUN: train data.csv --unknown
# RUN: t data.csv
# RUN: export --help
# COLUMNS: 80 50
import argparse

parser = argparse.ArgumentParser(prog='mltool',
                                 description='Train, evaluate and export.')
parser.add_argument('-q', '--quiet', action='store_true', help='less output')
commands = parser.add_subparsers(dest='command', title='commands',
                                 description='one of these is required',
                                 help='what to do', required=True)
train = commands.add_parser('train', aliases=['t'], help='train a model',
                            description='Train a model from a CSV file.')
train.add_argument('data')
train.add_argument('--lr', type=float, default=0.1)
train.set_defaults(handler='run_train')
evaluate = commands.add_parser('eval', help='evaluate a checkpoint')
evaluate.add_argument('checkpoint')
evaluate.add_argument('--metrics', nargs='*', default=['acc'])
evaluate.set_defaults(handler='run_eval')
export = commands.add_parser('export')
export.add_argument('--format', choices=('onnx', 'torchscript'),
                    required=True)
export.add_argument('output')
args = parser.parse_args()
print(args)
