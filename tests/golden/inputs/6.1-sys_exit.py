import sys


def update_counter(n, step):
    return n + 1, step


sys.exit(3)
