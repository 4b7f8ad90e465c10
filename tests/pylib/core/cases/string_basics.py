# string: constants, capwords, Template.
import string
from string import Template


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


for name in ['whitespace', 'ascii_lowercase', 'ascii_uppercase',
             'ascii_letters', 'digits', 'hexdigits', 'octdigits',
             'punctuation', 'printable']:
    print(name, repr(getattr(string, name)), len(getattr(string, name)))

print(string.capwords('  hello   world  of python '),
      string.capwords('a-b-c', '-'), string.capwords(''),
      string.capwords("it's a TEST"), string.capwords('x,y', ','))

t = Template('$who likes $what')
print(t.substitute(who='tim', what='kung pao'), t.template)
print(t.substitute({'who': 'ann', 'what': 'tea'}))
print(t.substitute({'who': 'ann', 'what': 'tea'}, what='coffee'))
print(t.safe_substitute(who='bob'), t.get_identifiers(), t.is_valid())
attempt('missing key', lambda: t.substitute(who='x'))
attempt('too many positional', lambda: t.substitute({}, {}))

cases = ['${x}y $$ $', 'a\n b $1', '${', '${x', '${ x}', '$x$y',
         '$_a9_B', 'x$', '$$x', '$ok and ${ok}!', 'price: $$5', 'tail $']
for text in cases:
    tmpl = Template(text)
    attempt(repr(text) + ' substitute',
            lambda: tmpl.substitute(x=1, y=2, _a9_B=3, ok='OK'))
    print('   safe:', repr(tmpl.safe_substitute(x=1)),
          tmpl.get_identifiers(), tmpl.is_valid())


class Percent(Template):
    delimiter = '%'


print(Percent('%name is %% %{name}s $notme').substitute(name='Ann'))
print(Template('$a $b').substitute(a=[1], b=None))
letters = Template('Dear $name,\nYour order #$id ships ${when}.')
print(letters.substitute(name='Sam', id=42, when='today'))
print(type(t).__name__, Template.delimiter)
