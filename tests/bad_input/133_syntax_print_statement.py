# A Python 2 print statement: CPython's hint about the missing parentheses.
loss = 0.5
print "loss:", loss
