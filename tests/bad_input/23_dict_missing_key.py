config = {"lr": 0.1}
print(config["momentum"])
