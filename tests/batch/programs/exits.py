import sys

print("argv", len(sys.argv))
print("to stderr", file=sys.stderr)
sys.exit(5)
