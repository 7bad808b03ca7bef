# Repair exercise: after vmap processes a batch, every example's count is 1.
# Change it until the checks pass (Ctrl+T shows a hint).

visits = []


def tick(count, v):
    visits.append(v)              # meant to record that each example was processed once
    return len(visits), v + 1
