# Fraction with a zero denominator: ZeroDivisionError naming it.
from fractions import Fraction

Fraction(3, 0)
