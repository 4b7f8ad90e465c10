# A replacement field left open: CPython 3.11 reads the token after the
# string before it decodes the f-string, and reports the error there.
loss = 0.25
label = f"loss={loss" + " (train)"
