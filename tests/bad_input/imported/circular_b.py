from imported.circular_a import main_value


def helper():
    return 1
