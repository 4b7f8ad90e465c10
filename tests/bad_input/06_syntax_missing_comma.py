values = [1, 2 3]
