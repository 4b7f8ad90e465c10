import sys

sys.exit("gradient check failed")
