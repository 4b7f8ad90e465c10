# A bytes literal with a non-ASCII character.
data = b'café'
print(data)
