# A name deleted through globals() is gone: NameError on the next read.
rate = 0.1
del globals()['rate']
print(rate)
