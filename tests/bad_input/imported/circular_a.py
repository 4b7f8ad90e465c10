from imported.circular_b import helper


def main_value():
    return helper() + 1
