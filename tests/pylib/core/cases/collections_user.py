# UserDict, UserList, UserString: wrappers meant for subclassing.
from collections import UserDict, UserList, UserString


class LowerDict(UserDict):
    def __setitem__(self, key, value):
        self.data[key.lower()] = value


ld = LowerDict({'A': 1}, B=2)
ld['C'] = 3
ld.update(D=4)
print(ld, len(ld), 'a' in ld, ld.get('z', 0), list(ld.items()))
print(ld | {'x': 1}, type(ld | {'x': 1}).__name__, ld.copy(),
      type(ld.copy()).__name__)
print(UserDict.fromkeys('ab', 0), UserDict(a=1) == {'a': 1})
try:
    ld['missing']
except KeyError as e:
    print('KeyError', e)


class WithMissing(UserDict):
    def __missing__(self, key):
        return key * 2


print(WithMissing()['ab'], 'ab' in WithMissing())


class Stack(UserList):
    def push(self, item):
        self.append(item)


s = Stack([1, 2])
s.push(3)
s.extend(Stack([4]))
s += [5]
print(s, s[1:3], type(s[1:3]).__name__, s.pop(), len(s), s == [1, 2, 3, 4])
print(s + [9], [0] + s, s * 2, s.index(3), s.count(1), 3 in s)
s.sort(reverse=True)
s.reverse()
s.insert(0, 0)
s.remove(4)
print(s, s < [1], s.copy(), type(s.copy()).__name__)
del s[0]
s[0] = 'x'
print(s)


class Shout(UserString):
    def shout(self):
        return self.upper() + '!'


w = Shout('hello world')
print(w, repr(w), w.shout(), type(w.shout()).__name__, len(w), w[0:5])
print(w.split(), w.count('o'), w.find(Shout('wor')), w.replace('o', '0'))
print(w + '?', '>' + w, w * 2, 'ell' in w, w == 'hello world', w < 'z')
print(w.title(), w.startswith('he'), w.center(15, '*'), w.zfill(13))
print(type(w.strip()).__name__, type(w.isalpha()).__name__, hash(w) == hash('hello world'))
print(Shout('%s-%d') % ('a', 1), int(UserString('42')) + 1)
