# Two names side by side inside an f-string field: CPython 3.11 names it an
# f-string error and suggests the comma (it parses the field in parentheses).
loss, epoch = 0.5, 3
print(f"{epoch loss}")
