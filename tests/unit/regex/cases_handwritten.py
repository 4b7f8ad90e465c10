"""Hand-picked inputs for make_fixtures.py, grouped by feature. Only the
inputs are written here; the expected results are recorded from CPython."""
import re

I, M, S, X, A, U, L = re.I, re.M, re.S, re.X, re.A, re.U, re.L


def each(op, patterns, strings, flags=0, **extra):
    out = []
    for p in patterns:
        for s in strings:
            out.append(dict(op=op, pattern=p, flags=flags, string=s, **extra))
    return out


def scan(patterns, strings, flags=0):
    """search + findall for every pattern and string."""
    return each("search", patterns, strings, flags) + each("findall", patterns, strings, flags)


def full(patterns, strings, flags=0):
    return each("match", patterns, strings, flags) + each("fullmatch", patterns, strings, flags)


ESCAPES = [r"abc", r"a\.c", r"\d+", r"\D+", r"\w+", r"\W+", r"\s+", r"\S+",
           r"\x41\u00e9\U0001F600", r"\n\t\r\f\v\a", r"\0", r"\101", r"\1010", r"\07",
           r"\\", r"\*\+\?\(\)\[\]\{\}\|\^\$\.", r"\-\#\ \&\~\%\"\'\,", r"a\b",
           r"\bfoo\b", r"\Bo\B", r"\Afoo", r"foo\Z", r"\x00", r"[\x00-\x1f]+", r"\é"]
ESCAPE_STRINGS = ["abc a.c axc", "x 12 yz_3 é!", "\t\n\r\f\v\a", "foo bar foobar food",
                  "Aé😀 A", "\x00\x08 A0 AB", "*+?()[]{}|^$.-# &~%\"',"]

CLASSES = [r"[abc]+", r"[^abc]+", r"[a-z]+", r"[A-Za-z0-9_]+", r"[^\W\d]+", r"[\d\s]+",
           r"[-a]+", r"[a-]+", r"[]a]+", r"[^]a]+", r"[\]]", r"[\\]", r"[\b]", r"[.*+?]+",
           r"[\x41-\x43]+", r"[\u0400-\u04ff]+", r"[α-ω]+", r"[^\n]+", r"[\w-]+", r"[a-c-e]+",
           r"[\s\S]", r"[^\s\S]", r"[\D]+", r"[0-9a-fA-F]{2}", r"[\n-\r]+", r"[\101-\103]+",
           r"[\u00e0-\u00ff]+", r"[a-a]", r"[\w&&x]+"]
CLASS_STRINGS = ["abcabd-a]b", "Hello World 42_x", "\x08 .*+? ACB ace-e", "Привет мир αβγ ÀÿË",
                 "x&y\n\t\r", "deadBEEF 09", ""]

ANCHORS = [r".", r"a.c", r"^a", r"a$", r"^$", r"$", r"^", r"\Z", r"$\n?", r"^\w+$", r"\w$",
           r".+", r".*$", r"^.*?$"]
ANCHOR_STRINGS = ["a\nb\n", "abc\n", "\n", "", "a\nac\na", "axc\nabc", "a\n\n"]

GROUPS = [r"(a)(b)?", r"(a|b)*", r"(a*)*", r"(a|)*", r"(?:a|b)+", r"(?P<first>\w+) (?P<last>\w+)",
          r"((a)b)", r"(a)|b", r"(a)(b)(c)?", r"(?:(a)|(b))+", r"(a)\1", r"(?P<x>a+)(?P=x)",
          r"(\w+)\s+\1", r"(a)?b\1?", r"(a)?c\1", r"((a)|(b))+", r"(?P<n>a)|(?P<m>b)", r"(a)(?:b)(c)",
          r"(?:(a)|b)*", r"(a|ab)(c|bcd)(d*)", r"(?:x(a)|xb)*", r"(a)*?b", r"(?:(a)d|a)*",
          r"((a)|b)*c", r"(?:(a)|(a)b)*", r"(a*)+b", r"(a+|b)*", r"(a+|b){0,}", r"(a+|b)+",
          r"(a+|b)?", r"(a+|b){1,}", r"(.)(?:(?!\1).)*\1"]
GROUP_STRINGS = ["ab", "a", "b", "aab", "abab", "John Smith", "aa aa bb", "ac", "abcd",
                 "xaxb", "adab", "bac", "abba", "aabbc", ""]

LOOKAROUND = [r"a(?=b)", r"a(?!b)", r"(?<=a)b", r"(?<!a)b", r"(?<=ab|cd)x", r"(?=(a+))a*b\1",
              r"(?<=(a))b", r"(?!(a))\w", r"\w+(?<!s)\b", r"(?<=\d{3})x", r"(?<![a-z])\d+",
              r"(?=a)", r"(?!a)", r"(?<=a)", r"(?<!a)", r"(a)(?<=\1)", r"(?<=(?:ab){2})c",
              r"(?=(\w))\1+", r"(?!)a|b", r"(?=a|b)\w", r"(?<=^a)b", r"(?<=\n)^", r"(?<=a$)"]
LOOK_STRINGS = ["ab ac", "cats dog", "abx cdx aax", "123x 12x", "ababc abc", "aaab", "ba", "",
                "a\nb", "abab"]

ATOMIC = [r"(?>a+)b", r"(?>a|ab)c", r"a++b", r"a*+a", r"(?:ab)*+ab", r"(ab|a)++b", r"a?+a",
          r"a{1,3}+a", r"(?>(a+))b", r"(?>a*?)b", r"(?:a|ab)++c", r"(a|ab)*+c", r"\w++\d",
          r"(?>x|xy)y", r"(?>(ab|a)+)b", r"[ab]*+b", r"(?:a+)++b", r"(?>)a", r"(a?)++b",
          r"(?:a{2})++", r"(?>a{2,3}?)a"]
ATOMIC_STRINGS = ["aaab", "aab", "abc", "ac", "ababab", "aaa", "abab", "xy", "xyy", "ab12", "aabbb"]

CONDITIONALS = [r"(a)?(?(1)b|c)", r"(?P<q>\")?\w+(?(q)\")", r"(a)?(?(1)b)", r"^(<)?\w+(?(1)>|$)",
                r"(a)|(?(1)x|y)", r"(?:(a)|b)(?(1)c|d)", r"(a)?(?(1)(b)|(c))", r"(?P<a>x)?(?(a)y)z"]
COND_STRINGS = ["ab", "c", "b", "a", "\"word\"", "word\"", "<tag>", "tag", "<tag", "y", "ac", "bd",
                "ad", "xyz", "z"]

INLINE = [(r"(?i)abc", 0), (r"(?i:a)b", 0), (r"a(?i:b)c", 0), (r"(?-i:a)b", I),
          ("(?x) a b # comment\n c", 0), (r"(?s).+", 0), (r"(?m)^\w", 0), (r"(?a)\w+", 0),
          (r"(?u)\w+", 0), (r"(?ims)^a.b$", 0), (r"(?x)[ ]a", 0), (r"(?x)a\ b", 0),
          (r"(?#comment)abc", 0), (r"(?a:\w+)\w+", 0), (r"(?i)[a-z]+", 0), (r"(?-x:a b)", X),
          (r"a b", X), ("a #x\n+", X), ("a{1, 2}", X), ("a {1,2}", X), ("[ #]", X),
          (r"(?i)(?m)^A", 0), (r"(?x)(?i)A B", 0), (r"(?s:.)(?-s:.)", S), (r"(?m:$)x", 0),
          (r"(?i:[^a])", 0), (r"(?u:\w)", A), (r"(?a:\b)é", 0), (r"(?i)\w", A),
          (r"(?x: a (?-x: b ) c)", 0), ("(?x)a|b c", 0), ("(?x)a#b|c\n|d", 0)]
INLINE_STRINGS = ["ABC abc aBc", "ab Ab aB AB", "abc aBc ABC", "a\nb\nc", "éa_1 é", "a b", "aab",
                  "a{1, 2}", " ", "#", "x\nA", "AB", "a\n", "\nx", "b", "é", "d", "a c"]

QUANTIFIERS = [r"a*", r"a+", r"a?", r"a{2}", r"a{2,}", r"a{,2}", r"a{1,2}", r"a*?", r"a+?", r"a??",
               r"a{2,3}?", r"(ab){2}", r"(ab){1,2}?", r"a{,}", r"a{", r"a{1", r"a{1,", r"a{x}",
               r"{", r"x{}", r"a{0}", r"(a|b){0,2}c", r"(?:a{2})*", r"(?:a*)*b", r"(?:a?)+?b",
               r"(a?)+?", r"(a*)+$", r"a{3}?", r"a{0,0}b", r"(?:ab|a){2}c", r"(?:a|ab){2}?c",
               r"(?:){3}", r"(a){2,}?a", r"a{1,}?", r"\d{2,4}", r"(\d{2})+", r"x*y*z*",
               r"(?:a|b)*?c", r"(?:(a)|b){2,3}?"]
QUANT_STRINGS = ["aaa", "", "b", "ababab", "a{1,", "x{}", "aabc", "aaaab", "abac", "12345", "xyzz",
                 "ac", "abc", "aac"]

ALTERNATION = [r"a|b|c", r"ab|ac|ad", r"a|ab", r"ab|a", r"|a", r"a|", r"(|a)+", r"x(?:a|b|)y",
               r"a|\d|[xy]", r"(?:ab|cd|ef)+", r"[ab]|c|\w", r"\U00010400|x", r"a(?:b|c)|ab"]
ALT_STRINGS = ["abc", "acad", "xy xay xby", "a1x", "abcdef", "", "b", "𐐀x𐐨"]

CASE_I = [r"straße", r"ΣΑΣ", r"σας", r"ǅ", r"İ", r"ı", r"i", r"ſ", r"s", r"K", r"k", r"µ", r"μ",
          r"Ω", r"ñ", r"Ä", r"[а-я]+", r"[α-ω]+", r"(\w)\1", r"[ſ]", r"[sx]", r"[^s]", r"[k-l]+",
          r"ẞ", r"ß", r"[İ]", r"\U00010400", r"[\U00010400x]", r"[\U00010400-\U00010410]",
          r"[ǆ]", r"Ǆ", r"[ΐ]", r"ΐ", r"[\u1c80]", r"в", r"Ā", r"[Ā-ą]+", r"ŉ", r"[^ſ]+", r"[^\w]"]
CASE_STRINGS = ["STRASSE straße STRAẞE", "σας ΣΑΣ ςας", "ǆ ǅ Ǆ", "İ i I ı", "s S ſ", "k K K",
                "µ μ Μ", "Ω ω Ω", "Ñ ñ", "ä Ä", "ПРИВЕТ мир", "ΑΒΓ αβγ", "aA ßẞ xX", "𐐀 𐐨",
                "ΐ ΐ", "ᲀ в В", "ā Ā ą", "ŉ ʼN", "Straße!"]

UNICODE = [r"\w+", r"\d+", r"\s+", r"\W+", r"\b\w", r"[\w]+", r"[^\d\s]+", r"\S+"]
UNICODE_STRINGS = ["naïve café Ελληνικά русский", "١٢٣ 45 ٦ ²³ ½", "\u00a0\u2003x\u3000\x1c\x85y",
                   "日本語テキスト 中文", "😀 x_y ǅ", "é\u0301 n\u0303"]


def matching_cases():
    cases = []
    cases += scan(ESCAPES, ESCAPE_STRINGS)
    cases += scan(CLASSES, CLASS_STRINGS)
    cases += scan(CLASSES, CLASS_STRINGS[:4], I)
    for flags in (0, M, S, M | S):
        cases += scan(ANCHORS, ANCHOR_STRINGS, flags)
    cases += scan(GROUPS, GROUP_STRINGS) + full(GROUPS, GROUP_STRINGS)
    cases += each("finditer", GROUPS, GROUP_STRINGS)
    cases += scan(LOOKAROUND, LOOK_STRINGS) + each("finditer", LOOKAROUND, LOOK_STRINGS)
    cases += scan(ATOMIC, ATOMIC_STRINGS) + full(ATOMIC, ATOMIC_STRINGS)
    cases += scan(CONDITIONALS, COND_STRINGS) + full(CONDITIONALS, COND_STRINGS)
    for pattern, flags in INLINE:
        cases += scan([pattern], INLINE_STRINGS, flags)
    cases += scan(QUANTIFIERS, QUANT_STRINGS) + full(QUANTIFIERS, QUANT_STRINGS)
    cases += scan(ALTERNATION, ALT_STRINGS) + full(ALTERNATION, ALT_STRINGS)
    for flags in (I, I | A, 0):
        cases += scan(CASE_I, CASE_STRINGS, flags)
    for flags in (0, A):
        cases += scan(UNICODE, UNICODE_STRINGS, flags)
    cases += each("finditer", [r"", r"x*", r"\b", r"\b|a*", r"a|\b", r"(?=a)|a", r"$", r"^", r"(?m)^",
                               r"(?m)$", r"\B"], ["", "a", "aa b", "xax\n", "a\n\nb\n"])
    return cases


def position_cases():
    cases = []
    patterns = [r"^a", r"a$", r"\bab", r"(?<=a)b", r"a\Z", r"\Aa", r"(?m)^a", r"(?m)a$", r"", r"\B",
                r"b*", r".\b", r"(?<!a)b"]
    spans = [(0, None), (1, None), (2, None), (3, None), (0, 3), (1, 2), (2, 1), (-5, -1), (7, 10),
             (4, 8), (0, 0), (-1, 100)]
    for op in ("search", "match", "fullmatch", "findall", "finditer"):
        for p in patterns:
            for pos, endpos in spans:
                case = dict(op=op, pattern=p, flags=0, string="aab\naab", pos=pos)
                if endpos is not None:
                    case["endpos"] = endpos
                cases.append(case)
    return cases


SPLIT = [r",", r"(,)", r"(,)|(;)", r"\W+", r"x*", r"\b", r"", r"(?=a)", r"^", r"$", r"(?m)^",
         r"a|(b)", r"(a)*", r"\s*", r"(?<=,)"]
SPLIT_STRINGS = ["a,b;c,,d", "axbxxc", "Words, words, words.", "", "banana", "a\nb\n", " a b "]


def split_cases():
    cases = []
    for maxsplit in (0, 1, 2, -1):
        cases += each("split", SPLIT, SPLIT_STRINGS, maxsplit=maxsplit)
    return cases


SUBS = [  # pattern, template, subject
    (r"(\w+) (\w+)", r"\2 \1", "hello world, good day"),
    (r"(\w+) (\w+)", r"\g<2>-\g<1>", "hello world"),
    (r"a", r"\g<0>\g<0>", "banana"),
    (r"(?P<first>\w+) (?P<last>\w+)", r"\g<last>, \g<first>", "John Smith"),
    (r"b", r"\101\0\08\n\t\\\&\a\b\f\v\r", "abc"),
    (r"(a)|(b)", r"[\1\2]", "abc"),
    (r"(a)|(b)", r"[\g<1>|\g<2>]", "abc"),
    (r"x*", r"-", "abxd"),
    (r"x*", r"-\g<0>-", "axxb"),
    (r"", r"-", "abc"),
    (r"\b", r"|", "ab cd"),
    (r"a", r"X", "aaaa"),
    (r"(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)", r"\11\10\1\01", "abcdefghijk"),
    (r"(a)", r"\1\0101", "a"),
    (r"\d+", r"<\g<0>>", "a1b22c333"),
    (r"(?i)é", r"E", "éÉè"),
    (r"(\w)", r"\g< 1 >", "ab"),
    (r"(\w)", r"\g<+1>", "ab"),
    (r"(\w)", r"\g<१>", "ab"),
    (r"(.)", r"\7", "ab"),
    (r"(.)", r"\g<3>", "ab"),
    (r"(.)", r"\g<x>", "ab"),
    (r"(.)", r"\g<", "ab"),
    (r"(.)", r"\g<>", "ab"),
    (r"(.)", r"\g<1", "ab"),
    (r"(.)", r"\g", "ab"),
    (r"(.)", r"\g<a-b>", "ab"),
    (r"(.)", r"\g<-1>", "ab"),
    (r"(.)", r"\g<1_0>", "ab"),
    (r"(.)", r"\g<99999999999>", "ab"),
    (r"(.)", r"\q", "ab"),
    (r"(.)", r"\400", "ab"),
    (r"(.)", "a\\", "ab"),
    (r"(.)", r"\8", "ab"),
    (r"(.)", r"\18", "ab"),
    (r"(.)", r"\777", "ab"),
    (r"z", r"\2", "ab"),
    (r"z", r"\g<name>", "ab"),
    (r"(.)", r"\é\-", "ab"),
]


def sub_cases():
    cases = []
    for pattern, template, subject in SUBS:
        for count in (0, 1):
            cases.append(dict(op="sub", pattern=pattern, flags=0, string=subject, repl=template,
                              count=count))
    for count in (0, 1, 2, -1):
        cases += each("sub", [r"a|(b)", r"x*", r"\s+"], ["abab a", "", "xaxx b"], repl="#",
                      count=count)
    for callback in ("wrap", "span", "groups"):
        cases += each("sub_callback", [r"(a)|(b)", r"x*", r"\w+", r"(?P<n>\d)"],
                      ["ab cab", "", "x1y22"], callback=callback, count=0)
        cases += each("sub_callback", [r"\w"], ["abc"], callback=callback, count=2)
    for template in (r"\1-\g<2>", r"\g<0>!", r"[\2]", r"\g<name>", r"x\ny", r"\3"):
        cases += each("expand", [r"(?P<name>a)(b)?"], ["ab", "ac"], template=template)
    return cases


ERRORS = [
    "(", ")", "a)", "(a", "(?", "(?P", "(?P<", "(?P<a", "(?P<>a)", "(?P<1a>x)", "(?P<a>x)(?P<a>y)",
    "(?P=b)", "(?P=", "(?P=a", "(?P<a>(?P=a))", "(?Px)", "(?<x)", "(?<", "(?x", "(?i", "(?-",
    "(?-i", "(?-i)", "(?i-", "(?i-i:a)", "(?a-a:x)", "(?au)", "(?-a:x)", "(?L)", "(?t:x)",
    "(?-t:x)", "(?z)", "(?iz)", "(?i!)", "(?-z:x)", "(?-!:x)", "(?i-z:x)", "(?i-:x)", "a(?i)",
    "(?#abc", "(?(", "(?()", "(?(1", "(a)(?(1)a|b|c)", "(?(a)x)", "(?(0)x)", "(?(-1)x)",
    "(?(1a)x)", "(?(2)a)(b)", "(?(99999999999)a)", "(?(1)a)", "(?(1_0)a)(b)", "(?( 1 )a)(b)",
    "(?(１)a)(b)", "*", "+a", "?", "a**", "a+++", "a{2}{3}", "^*", r"\b+", "a|*", "(*)",
    "a{3,2}", "a{4294967295}", "a{4294967296}", "a{,4294967295}", "a{4294967294}", "[", "[a",
    "[a-", "[^", "[]", "[z-a]", r"[a-\d]", r"[\d-z]", "\\", "a\\", r"\q", r"\e", r"\x", r"\x1",
    r"\xg", r"\u12", r"\U1234567", r"\U00110000", r"\N", r"\N{", r"\N{}", r"\N{EM DASH",
    r"\1", r"(a)\2", r"(a\1)", r"\400", r"[\400]", r"[\9]", r"[\A]", r"[\Z]", r"[\B]", r"\8",
    r"(?<=a*)b", r"(?<=a|bc)", r"(?<!a+)", r"(?<=(a)\1)", r"(?<=\1(a))", r"(?<=(?(1)a|b))(a)",
    r"(?<=(?P=x))(?P<x>a)", "a\n(", "a\nb\n[", "ab\n\n(?z)", "(?x)a b (", "(?x)[a", "a|(?i)b",
    "(a(?i))", "(?i)(?m)a", "(?x)(?i)(", "(?i", "(?'", "(?<a>x)", "(?P>x)", "(?P<a b>x)",
    "(?P<é>x)(?P=é)", "(?P<a1_>x)", r"(?P<a\>b>x)", "a{1,2}{3}", "a?*", "(?>)*", r"(?<=\b)*",
    "(?=a)*", "x*?+", "x{2}+?", "(?i)*", "(?#x)*", "|*", "(?:)*?", "[[a]", "[a--b]", "[a&&b]",
    "[a||b]", "[a~~b]", "[a-b--c]", "[--]", "[]-]",
]
ERROR_FLAGGED = [("a", L), ("a", A | U), ("(?a)x", U), ("(?u)x", A), ("a b (", X), ("(?-x:a (", X),
                 ("x(", I | M)]


def error_cases():
    cases = [dict(op="compile", pattern=p, flags=0) for p in ERRORS]
    cases += [dict(op="compile", pattern=p, flags=f) for p, f in ERROR_FLAGGED]
    # CPython's limit depends on how deep the caller already is (495 nested
    # groups compile from a top-level script); only clear cases are kept.
    cases += [dict(op="compile", pattern="(" * n + ")" * n, flags=0) for n in (100, 600, 2000)]
    cases += [dict(op="compile", pattern=p, flags=f) for p, f in
              [(r"(?P<a>x)(?P<b>y)|(?P<c>z)", 0), (r"(?i)x", M), (r"(?a)x", 0), (r"x", A | I),
               (r"(?x)x", 0), (r"(?s:x)", 0), (r"(?m)(?s)x", X)]]
    return cases


ESCAPE_INPUTS = ["abc", "a.b*c", "()[]{}?*+-|^$\\.&~# \t\n\r\v\f", "é😀_!@%=:;<>,/'\"`", ""]


def cases():
    out = matching_cases() + position_cases() + split_cases() + sub_cases() + error_cases()
    out += [dict(op="escape", string=s) for s in ESCAPE_INPUTS]
    return out
