import numpy as np

table = np.empty((1 << 40,), dtype=np.uint8)   # a terabyte, far past the memory cap
