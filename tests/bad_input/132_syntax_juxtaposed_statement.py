# Two names side by side at statement level: CPython says "invalid syntax"
# under the second (a comma is suggested only inside brackets).
total = price tax
