from imported.circular_a import main_value

print(main_value())
