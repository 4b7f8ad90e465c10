# textwrap (wrap, fill, shorten, dedent, indent, TextWrapper options) and
# heapq (CPython's sift order, merge, nlargest/nsmallest) as a script's
# reporting and top-k code uses them.
import heapq
import textwrap
import torch

t = ("The quick brown fox jumps over the lazy dog. A well-known test-case for x-ray-ish wrapping -- "
     "with em-dashes and supercalifragilisticexpialidocious words.  Two spaces. End.")
for w in (10, 20, 33, 50):
    print(textwrap.wrap(t, w))
print(textwrap.fill(t, 30, initial_indent='* ', subsequent_indent='  '))
print(textwrap.shorten(t, 40))
print(textwrap.shorten("Hello  world!", width=12))
print(textwrap.wrap(t, 25, max_lines=3))
print(textwrap.wrap(t, 25, break_on_hyphens=False, break_long_words=False))
print(textwrap.wrap("a\tb\tc  d", 6))
print(textwrap.fill("Hello there. How are you? Fine.", 40, fix_sentence_endings=True))
print(repr(textwrap.dedent('''
    def f():
        return 1

    x = 2
''')))
print(repr(textwrap.indent("a\n\nb\n  c\n", "> ")))
print(repr(textwrap.indent("a\n\nb\n", "+", lambda l: True)))
w = textwrap.TextWrapper(width=15, drop_whitespace=False)
print(w.wrap("  leading and trailing  spaces  here "))
try:
    textwrap.wrap('x', 0)
except ValueError as e:
    print(e)

h = []
for v in [5, 1, 8, 3, 9, 2, 7, 1, 6]:
    heapq.heappush(h, v)
    print(h)
print([heapq.heappop(h) for _ in range(4)], h)
data = [9, 4, 7, 1, 8, 2, 6, 3, 5, 0]
heapq.heapify(data)
print(data, heapq.heapreplace(data, 10), data, heapq.heappushpop(data, -1), data)
print(list(heapq.merge([1, 4, 9], [2, 3, 10], [0, 5])), list(heapq.merge('adg', 'bcf', reverse=False)))
print(list(heapq.merge([9, 5, 1], [8, 2], reverse=True)), list(heapq.merge(['aa', 'b'], ['c', 'ddd'], key=len)))
losses = torch.tensor([0.5, 0.1, 0.9, 0.3, 0.7])
print(heapq.nsmallest(2, losses.tolist()), heapq.nlargest(3, enumerate(losses.tolist()), key=lambda p: p[1]))
print(heapq.nlargest(1, []), heapq.nsmallest(10, [3, 1, 2]), heapq.nlargest(2, [(1, 'a'), (1, 'b'), (0, 'c')]))
try:
    heapq.heappop([])
except IndexError as e:
    print(e)
tasks = []
heapq.heappush(tasks, (2, 'eval'))
heapq.heappush(tasks, (1, 'train'))
heapq.heappush(tasks, (3, 'save'))
while tasks:
    print(heapq.heappop(tasks))
