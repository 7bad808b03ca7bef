# Reference solution: each example's count is an input and an output with a batch dimension; the function has no side effect.


def tick(count, v):
    return count + 1, v + 1
