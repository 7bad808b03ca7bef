# Reference solution: a pure function with the weights passed in explicitly, jitted once at module level; the method only calls it.


def project(weight, x):
    return jnp.tanh(x @ weight)


project_jit = jax.jit(project)


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, x):
        return project_jit(self.weight, x)
