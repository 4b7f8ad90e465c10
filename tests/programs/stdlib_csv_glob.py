# csv (writer/reader/DictWriter/DictReader, quoting modes) for a metrics file,
# and glob over a temporary run folder.
import csv, io
buf = io.StringIO()
w = csv.writer(buf)
print(w.writerow(['epoch', 'loss', 'note']))
w.writerow([1, 0.5, 'has,comma'])
w.writerow([2, 1/3, 'has "quote"'])
w.writerow([3, None, 'line\nbreak'])
w.writerow([''])
w.writerow([True, 1e-7, ' sp '])
w.writerows([[4, 5], [6]])
print(repr(buf.getvalue()))
b2 = io.StringIO()
dw = csv.DictWriter(b2, fieldnames=['a', 'b'], lineterminator='\n')
dw.writeheader(); dw.writerow({'a': 1}); dw.writerows([{'a': 'x', 'b': 'y'}])
print(repr(b2.getvalue()))
try:
    dw.writerow({'c': 1})
except ValueError as e:
    print(e)
for q in (csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC):
    b3 = io.StringIO(); csv.writer(b3, quoting=q).writerow([1, 'a', 2.5, None]); print(repr(b3.getvalue()))
b4 = io.StringIO(); csv.writer(b4, delimiter='\t', quoting=csv.QUOTE_NONE, escapechar='\\').writerow(['a\tb', 'c']); print(repr(b4.getvalue()))
rows = list(csv.reader(io.StringIO(buf.getvalue())))
print(rows)
print(list(csv.reader(['a, b,"c, d"', 'x;y'], skipinitialspace=True)), list(csv.reader(['a;b'], delimiter=';')))
dr = csv.DictReader(io.StringIO('a,b\n1,2\n3\n4,5,6\n'))
print(dr.fieldnames, [r for r in dr])
print(list(csv.reader(io.StringIO('1,"x",2.5\n'), quoting=csv.QUOTE_NONNUMERIC)), csv.list_dialects())
try:
    csv.writer(io.StringIO(), quoting=csv.QUOTE_NONE).writerow(['a,b'])
except csv.Error as e:
    print(type(e).__name__, e)
import glob
import os
import tempfile
import torch

with tempfile.TemporaryDirectory() as R:
    for rel in ('x.py', 'a/y.py', 'a/b/z.py', '.h.py', 'a/n.txt'):
        os.makedirs(os.path.dirname(os.path.join(R, rel)), exist_ok=True)
        open(os.path.join(R, rel), 'w').close()
    print(sorted(glob.glob('*.py', root_dir=R)), sorted(glob.glob('**/*.py', root_dir=R, recursive=True)))
    print(sorted(glob.glob('**', root_dir=R, recursive=True)), sorted(glob.glob('a/*', root_dir=R)))
    print(sorted(glob.glob('*/*.py', root_dir=R)), glob.glob('nope*', root_dir=R), glob.glob('x.py', root_dir=R))
    print(sorted(glob.glob('**/', root_dir=R, recursive=True)), sorted(glob.glob('*', root_dir=R, include_hidden=True)))
    print([os.path.relpath(p, R) for p in sorted(glob.glob(os.path.join(R, 'a', '**', '*.py'), recursive=True))])
    print(glob.escape('a[1]*.py'), sorted(glob.glob('*.py', root_dir=os.path.join(R, 'a'))), glob.has_magic('a?'))
    w = torch.tensor([0.5, -1.0], requires_grad=True)
    path = os.path.join(R, 'metrics.csv')
    with open(path, 'w', newline='') as f:
        out = csv.DictWriter(f, fieldnames=['step', 'loss', 'grad_norm'])
        out.writeheader()
        for step in range(3):
            loss = (w ** 2).sum() * (step + 1)
            loss.backward()
            out.writerow({'step': step, 'loss': round(loss.item(), 4), 'grad_norm': round(w.grad.norm().item(), 4)})
            w.grad = None
    with open(path, newline='') as f:
        print(f.read().replace('\r\n', '<CRLF>\n'), end='')
    with open(path, newline='') as f:
        print([(r['step'], float(r['loss'])) for r in csv.DictReader(f)])
