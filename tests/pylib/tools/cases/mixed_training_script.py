# A whole training script's plumbing: argparse for the command line, a JSON
# config file merged with it, warnings for suspicious settings, os for the
# run directory, and JSON metrics written at the end.
# RUN: --config cfg.json --lr 5 --run-name demo
# RUN: --config cfg.json --epochs 2 --run-name demo --quiet
# RUN: --config missing.json --run-name demo
# RUN: --config cfg.json --run-name demo --set optimizer=adam --set bad
# RUN: --help
import argparse
import json
import os
import sys
import warnings

BASE = '/tmp/backstep_pylib_mixed_%d' % os.getpid()


def parse_overrides(items):
    overrides = {}
    for item in items or []:
        key, sep, value = item.partition('=')
        if not sep:
            warnings.warn('ignoring malformed override %r' % item,
                          RuntimeWarning, stacklevel=2)
            continue
        overrides[key] = value
    return overrides


def check_config(config):
    if config['lr'] > 1:
        warnings.warn('learning rate %.3g looks too high' % config['lr'])
    if config.get('legacy_scheduler'):
        warnings.warn('legacy_scheduler is deprecated', DeprecationWarning)


def main():
    parser = argparse.ArgumentParser(prog='train.py',
                                     description='Train with a JSON config.')
    parser.add_argument('--config', required=True, help='JSON config file')
    parser.add_argument('--lr', type=float, help='override the learning rate')
    parser.add_argument('--epochs', type=int, default=3)
    parser.add_argument('--run-name', required=True)
    parser.add_argument('--set', action='append', metavar='KEY=VALUE',
                        help='override any config key')
    parser.add_argument('--quiet', action='store_true')
    args = parser.parse_args()
    os.makedirs(BASE, exist_ok=True)
    path = os.path.join(BASE, args.config)
    if args.config == 'cfg.json':
        with open(path, 'w') as handle:
            json.dump({'lr': 0.1, 'optimizer': 'sgd', 'layers': [8, 4],
                       'legacy_scheduler': True}, handle, indent=2)
    try:
        with open(path) as handle:
            config = json.load(handle)
    except FileNotFoundError as error:
        parser.error('cannot read config: %s' % error.strerror)
    if args.lr is not None:
        config['lr'] = args.lr
    config.update(parse_overrides(args.set))
    if args.quiet:
        warnings.simplefilter('ignore')
    check_config(config)
    run_dir = os.path.join(BASE, 'runs', args.run_name)
    os.makedirs(run_dir, exist_ok=True)
    history = [{'epoch': e, 'loss': round(1.0 / (e + 1), 4)}
               for e in range(args.epochs)]
    with open(os.path.join(run_dir, 'metrics.json'), 'w') as handle:
        json.dump({'config': config, 'history': history}, handle,
                  sort_keys=True, indent=1)
    with open(os.path.join(run_dir, 'metrics.json')) as handle:
        print(handle.read())
    print(json.dumps(vars(args), sort_keys=True))
    print(os.listdir(run_dir), os.path.relpath(run_dir, BASE))


try:
    main()
finally:
    for folder, _, files in list(os.walk(BASE, topdown=False)):
        for name in files:
            os.remove(os.path.join(folder, name))
        os.rmdir(folder)
    sys.stdout.flush()
