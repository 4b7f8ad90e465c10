"""Random small patterns and subjects for make_fixtures.py: they exercise
combinations (captures in loops, empty iterations, lookarounds, atomic
groups, backreferences) that hand-picked cases miss. Seeded, so the fixture
is reproducible; the expected results are recorded from CPython."""

SUBJECT_CHARS = "aab b\nA1_é"


class PatternMaker:
    def __init__(self, rng):
        self.rng = rng
        self.groups = 0  # groups opened so far
        self.closed = []  # groups closed so far (safe to reference)

    def atom(self, depth):
        r = self.rng.random()
        if depth > 2 or r < 0.35:
            return self.rng.choice(["a", "b", "a", "b", ".", "[ab]", "[^a]", r"\w", r"\s", r"\b",
                                    "^", "$", r"\B", "(?:)", "a", "b", "A", r"\d", "[a-cA]", r"\W",
                                    "(?i:a)", "é", r"\Z", r"\A", "[^\\W\\d]"])
        if r < 0.55:
            self.groups += 1
            number = self.groups
            body = self.alternation(depth + 1)
            self.closed.append(number)
            return "(" + body + ")"
        if r < 0.65:
            return "(?:" + self.alternation(depth + 1) + ")"
        if r < 0.72 and self.closed:
            return "\\%d" % self.rng.choice(self.closed)
        if r < 0.80:
            kind = self.rng.choice(["?=", "?!", "?>"])
            return "(" + kind + self.alternation(depth + 1) + ")"
        if r < 0.86:
            kind = self.rng.choice(["?<=", "?<!"])
            return "(" + kind + self.rng.choice(["a", "b", "ab", "[ab]", "a|b", r"\s"]) + ")"
        if r < 0.92 and self.closed:
            group = self.rng.choice(self.closed)
            yes = self.sequence(depth + 1)
            no = self.sequence(depth + 1) if self.rng.random() < 0.6 else None
            return "(?(%d)%s%s)" % (group, yes, "" if no is None else "|" + no)
        return self.rng.choice(["a", "b", "[ab]"])

    def quantified(self, depth):
        atom = self.atom(depth)
        if atom in ("^", "$", r"\b", r"\B", r"\A", r"\Z") or self.rng.random() < 0.55:
            return atom
        quantifier = self.rng.choice(["*", "+", "?", "{2}", "{1,2}", "{0,}", "{,2}"])
        suffix = self.rng.choice(["", "", "?", "+"])
        return atom + quantifier + suffix

    def sequence(self, depth):
        return "".join(self.quantified(depth) for _ in range(self.rng.randint(1, 3)))

    def alternation(self, depth):
        parts = [self.sequence(depth)]
        while self.rng.random() < 0.25:
            parts.append(self.sequence(depth))
        return "|".join(parts)


def subject(rng):
    return "".join(rng.choice(SUBJECT_CHARS) for _ in range(rng.randint(0, 8)))


def cases(rng, count):
    out = []
    ops = ["search", "findall", "finditer", "fullmatch", "sub", "split", "match"]
    for i in range(count):
        pattern = PatternMaker(rng).alternation(0)
        flags = rng.choice([0, 0, 0, 2, 8, 16, 256, 258])
        op = ops[i % len(ops)]
        case = dict(op=op, pattern=pattern, flags=flags, string=subject(rng))
        if op == "sub":
            case.update(repl="<\\g<0>>", count=0)
        if op == "split":
            case.update(maxsplit=0)
        out.append(case)
    return out
