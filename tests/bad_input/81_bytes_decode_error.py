# Decoding bytes that are not UTF-8.
raw = b'\xff\xfeheader'
print(raw.decode('utf-8'))
