# A format spec that does not apply to the value: CPython 3.11 points at the
# whole f-string (its formatting step), not at the replacement field.
x = 2.5
print(f"value {x:d} end")
