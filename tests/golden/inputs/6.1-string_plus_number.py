def update_counter(n, step):
    return n + "1", step     # a string added to a number


update_counter(41, 3)        # tried once at the top level: raises before any check runs
