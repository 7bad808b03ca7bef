"""Float64 references for the 6.6 checks: one SGD step of the linear model w·x + b on its mean
squared error, and the parameters after steps on the context's own data (x_data, y_data)."""

import numpy as np


def sgd_ref(w, b, x, y, lr):
    """One SGD step on a linear model's MSE (float64, analytic gradient)."""
    x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
    r = w * x + b - y
    return w - lr * 2 * np.mean(r * x), b - lr * 2 * np.mean(r)


def global_data_params(w, b, lr, steps):
    """Params after `steps` SGD steps on the context's x_data / y_data instead of the given data."""
    for _ in range(steps):
        w, b = sgd_ref(w, b, [1.0, 2.0, 3.0], [3.5, 5.5, 7.5], lr)
    return [w, b]
