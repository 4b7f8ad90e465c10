data = [3, 1, 2]
n = lenn(data)
