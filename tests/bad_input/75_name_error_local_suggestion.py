def step(learning_rate, momentum):
    return learning_rat * momentum


step(0.1, 0.9)
