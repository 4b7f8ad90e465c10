class Config:
    lr = 0.1
    return lr
