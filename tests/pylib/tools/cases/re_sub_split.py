# re.sub, subn and split as scripts use them: renaming parameters, cleaning
# text, tokenising, with templates, functions, counts and empty matches.
import re

names = ['module.encoder.layers.0.attn.weight', 'module.decoder.fc.bias',
         'encoder.layers.11.mlp.fc1.weight']
for name in names:
    print(re.sub(r'^module\.', '', name),
          re.sub(r'layers\.(\d+)', r'blocks[\1]', name),
          re.sub(r'(?P<kind>weight|bias)$', r'\g<kind>_orig', name),
          re.subn(r'\.', '/', name))
print(re.sub(r'\d+', lambda m: str(int(m.group()) * 2), 'a1 b22 c333'))
print(re.sub(r'(\w+)@(\w+)', r'\2 at \1', 'me@host you@there'))
print(re.sub('a', 'b', 'aaaa', count=2), re.subn('a', 'b', 'aaaa', 3))
print(re.sub('x*', '-', 'abxd'), re.subn('x*', '-', 'abxd'))
print(re.sub('', '-', 'abc'), re.sub('(?=b)', '^', 'abab'))
print(re.sub(r'\s+', ' ', '  too   many\tspaces \n here '))
print(re.sub('a', lambda m: None, 'banana'), re.sub('a', r'\n', 'xax'))
print(re.sub('(a)|b', lambda m: m.group(1) or '?', 'abab'))
print(re.sub(r'(a)|b', r'[\1]', 'abab'), re.sub('(b)', r'\g<0>\g<1>', 'abc'))
print(re.sub('é', 'e', 'café crème'), re.sub('😀', ':)', 'hi 😀!'))
print(re.subn(r'(?i)LOSS', 'loss', 'Loss LOSS loss'))
print(re.sub('a', 'b', 'xyz'), re.subn('a', 'b', ''))
p = re.compile(r'_(\w)')
print(p.sub(lambda m: m.group(1).upper(), 'learning_rate_decay'))
print(p.subn(r'\1', 'a_b_c', count=1))

def to_snake(name):
    name = re.sub(r'(.)([A-Z][a-z]+)', r'\1_\2', name)
    return re.sub(r'([a-z0-9])([A-Z])', r'\1_\2', name).lower()

print([to_snake(n) for n in ['BatchNorm2d', 'ReLU', 'MultiheadAttention', 'GELU']])

print(re.split(r'\s*,\s*', 'a , b,c ,  d'))
print(re.split(r'(\W)', 'a b,c'), re.split(r'\W', 'a b,c', maxsplit=1))
print(re.split('x*', 'axbc'), re.split('', 'abc'), re.split(r'\b', 'a b'))
print(re.split('(a)|(b)', 'xaybz'), re.split(':', ''), re.split(':', 'a:b:', 1))
print(re.split(r'[;,]', 'lr=0.1;wd=0.01,momentum=0.9'))
print(re.compile(r'\d').split('a1b2c3d', maxsplit=2))
print(re.split('X', 'aXbxc', flags=re.I))
m = re.match(r'(?P<k>\w+)=(?P<v>\S+)', 'dropout=0.1')
print(m.expand(r'\g<v> is \g<k> (\1/\2)'), m.expand('no refs'))
print(re.findall(r'[A-Z][a-z]*', 'ConvTranspose2dBlock'))
print(re.findall(r'(\d+)x(\d+)', '224x224 and 32x32'))
print(re.findall(r'(a)(b)?', 'ab a'), re.findall('', 'ab'))

# re.Scanner: a tokenizer for a tiny config language.
scanner = re.Scanner([
    (r'\d+\.\d*', lambda s, t: ('FLOAT', float(t))),
    (r'\d+', lambda s, t: ('INT', int(t))),
    (r'[A-Za-z_]\w*', lambda s, t: ('NAME', t)),
    (r'[=,]', lambda s, t: t),
    (r'\s+', None),
])
print(scanner.scan('lr = 0.1, epochs = 10, name = resnet ! tail'))

# Long inputs: the work per match must not grow with the string.
big = 'layer.0.weight=1.5 ' * 20000
print(len(re.sub(r'\d+', lambda m: str(int(m.group()) + 1), big)),
      len(re.findall(r'(\w+)\.(\d+)', big)), len(list(re.finditer(r'=', big))),
      re.subn(r'\s', '', big)[1], len(re.split(' ', big)))
# A tokenizer loop: match() at successive positions of one long string.
source = 'abc 123 ' * 20000
token = re.compile(r'\s*(\w+)')
pos, tokens = 0, []
while True:
    m = token.match(source, pos)
    if not m:
        break
    tokens.append(m.group(1))
    pos = m.end()
print(len(tokens), tokens[:4], pos == len(source))
