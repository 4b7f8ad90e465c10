# Argument groups and mutually exclusive groups in help, usage and errors.
# RUN: --help
# RUN: --cpu --gpu 0
# RUN: --gpu 1 --fp16
# RUN: --fp16 --bf16
# RUN: --cpu
# RUN: --fp32 --cpu --save-every 3
# RUN: --gpu
# COLUMNS: 80 45 100
import argparse

parser = argparse.ArgumentParser(prog='fit.py')
device = parser.add_mutually_exclusive_group(required=True)
device.add_argument('--cpu', action='store_true', help='run on the CPU')
device.add_argument('--gpu', type=int, metavar='ID', help='GPU to use')
device.add_argument('--tpu', help=argparse.SUPPRESS)
precision = parser.add_mutually_exclusive_group()
precision.add_argument('--fp16', action='store_true')
precision.add_argument('--bf16', action='store_true')
precision.add_argument('--fp32', action='store_true', help='the default')
io = parser.add_argument_group('input/output', 'Where data comes from and '
                               'where checkpoints go.')
io.add_argument('--data-dir', default='./data', help='dataset directory')
io.add_argument('--save-every', type=int, default=1, metavar='EPOCHS')
io.add_argument('outputs', nargs='*', help='extra output files')
empty = parser.add_argument_group('nothing here')
quiet = parser.add_argument_group('hidden', 'All hidden.')
quiet.add_argument('--secret', help=argparse.SUPPRESS)
print(parser.format_usage(), end='')
args = parser.parse_args()
print(args)
