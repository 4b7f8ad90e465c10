# pathlib (pure paths and the file system side) inside a tempfile
# directory, shutil for copies and cleanup, fnmatch, and open() of a Path.
import fnmatch
import os
import shutil
import tempfile
from pathlib import Path, PurePath, PurePosixPath
import torch

p = PurePath('a//b/./c.tar.gz')
print(p, repr(p), p.name, p.stem, p.suffix, p.suffixes, p.parent, p.parts, list(p.parents), repr(p.anchor))
print(PurePosixPath('/usr/lib/') / 'x' / '..' / 'y', PurePath('//x/y'), PurePath('///x'), PurePath(''),
      PurePath('.'), PurePath('/'), PurePath('/').name, PurePath('/').parent)
print(p.with_suffix('.zip'), p.with_name('d.txt'), p.with_stem('e'), PurePath('x').with_suffix(''),
      p.parents[1], len(p.parents), p.parents[-1])
print(PurePath('/a/b/c').relative_to('/a'), PurePath('/a/b').is_relative_to('/c'),
      PurePath('a/b.py').match('*.py'), PurePath('/a/b.py').match('/*.py'), PurePath('a/b/c.py').match('b/*.py'))
for bad in (lambda: PurePath('/a/b').relative_to('c'), lambda: p.with_suffix('zip'),
            lambda: PurePath('/').with_name('x'), lambda: PurePath('a').with_name('b/c')):
    try:
        bad()
    except ValueError as e:
        print(e)
print(sorted([PurePath('b'), PurePath('a/c'), PurePath('/z')]), PurePath('a') == PurePath('a/'),
      hash(PurePath('a/b')) == hash(PurePath('a//b')), PurePath('a') == 'a', PurePath('a').is_absolute())
print(Path('x') / 'y', type(Path('x')).__name__, os.fspath(Path('q/r')), str(Path('/tmp') / '/etc'),
      'a' / PurePath('b'), Path('a', 'b', PurePath('c')), PurePath('x').as_posix())
print(fnmatch.fnmatch('model.pt', '*.pt'), fnmatch.filter(['a.py', 'b.txt', 'c.py'], '*.py'),
      fnmatch.fnmatchcase('A.PY', '*.py'), fnmatch.fnmatch('x1', 'x[0-9]'), fnmatch.fnmatch('x!', 'x[!a-z]'))

with tempfile.TemporaryDirectory(prefix='bs_') as tmp:
    d = Path(tmp)
    print(d.name.startswith('bs_'), len(d.name), d.is_dir(), d.parent == Path(tempfile.gettempdir()))
    (d / 'sub' / 'deep').mkdir(parents=True)
    print((d / 'a.txt').write_text('hello\nworld\n'), (d / 'b.bin').write_bytes(b'\x00\x01'))
    (d / 'sub' / 'c.txt').write_text('c')
    print((d / 'a.txt').read_text(), (d / 'b.bin').read_bytes(), (d / 'a.txt').exists(), (d / 'nope').exists(),
          d.is_dir(), (d / 'a.txt').is_file(), (d / 'sub').is_file())
    print(sorted(x.name for x in d.iterdir()), sorted(str(x.relative_to(d)) for x in d.glob('*.txt')),
          sorted(str(x.relative_to(d)) for x in d.rglob('*.txt')))
    print(sorted(str(x.relative_to(d)) for x in d.glob('**/*')), sorted(str(x.relative_to(d)) for x in d.glob('s*/*')))
    try:
        (d / 'sub').mkdir()
    except FileExistsError as e:
        print(type(e).__name__, e.strerror)
    (d / 'sub').mkdir(exist_ok=True)
    print((d / 'a.txt').rename(d / 'z.txt') == d / 'z.txt', sorted(x.name for x in d.iterdir()),
          (d / 'z.txt').stat().st_size)
    with open(d / 'z.txt') as f:
        print(repr(f.readline()), f.name == str(d / 'z.txt'))
    torch.manual_seed(0)
    w = torch.randn(3, requires_grad=True)
    (d / 'weights.txt').write_text(' '.join('%.4f' % v for v in w.tolist()))
    loaded = torch.tensor([float(v) for v in (d / 'weights.txt').read_text().split()], requires_grad=True)
    (loaded * loaded).sum().backward()
    print(loaded.grad)
    shutil.copy(d / 'z.txt', d / 'sub')
    shutil.copytree(d / 'sub', d / 'sub2')
    print(sorted(str(x.relative_to(d)) for x in d.rglob('*')))
    shutil.rmtree(d / 'sub2')
    (d / 'b.bin').unlink()
    (d / 'b.bin').unlink(missing_ok=True)
    print(sorted(x.name for x in d.iterdir()))
    with tempfile.NamedTemporaryFile('w', suffix='.log', dir=tmp, delete=True) as nf:
        nf.write('logged\n')
        nf.flush()
        print(nf.name.endswith('.log'), Path(nf.name).read_text(), os.path.exists(nf.name))
    print(os.path.exists(nf.name))
    made = tempfile.mkdtemp(dir=tmp)
    print(os.path.isdir(made), os.path.basename(made).startswith('tmp'))
print(os.path.exists(tmp))
print(Path.cwd() == Path(os.getcwd()), Path('~').expanduser() == Path.home(),
      Path('rel').absolute() == Path.cwd() / 'rel')
