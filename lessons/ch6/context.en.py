# Chapter 6 context: the names the lessons define before the exercises, section by section.
# They all exist before your code runs: use them as they are, or redefine them.
import sys
import warnings
from collections.abc import Mapping as _Mapping  # results trains on demand
from typing import Callable, NamedTuple  # NamedTuple: the basis of every state container here
from functools import partial  # used with jax.jit's static_argnames / donate_argnums
from dataclasses import field, dataclass  # the register_dataclass examples of section 6.4

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


# Sections 6.1–6.3: pure functions and explicit state passing
def pure_add(a, b):
    """A pure function: reads only its arguments, returns only its result."""
    return a + b


def update_state_pure(value,  # the state: a plain array
                      increment):
    """Changes no object; the new state comes out as the return value."""
    return value + increment


def init_counter_state():
    return 0  # the counter's initial state


def increment(current_state):  # old state in, new state out
    return current_state + 1


# Section 6.4: pytree state
def update_params(params,  # parameter tree
                  grads,  # same structure as params
                  learning_rate):
    """One SGD step leaf by leaf; returns the new parameter tree."""
    return jax.tree.map(lambda leaf, g: leaf - learning_rate * g, params, grads)


# 🔍 Custom state containers: the first TrainState has only two fields.
# (Exercise 6.6 redefines TrainState with ema_params, replacing this version.)
class TrainState(NamedTuple):  # the two-field version of section 6.4
    step: jax.Array  # steps trained so far
    params: dict  # model parameters (any pytree)


# a frozen dataclass with its data fields and static fields listed explicitly
@dataclass(frozen=True)
class Linear:
    w: jax.Array  # a leaf
    b: jax.Array  # a leaf
    name: str  # static metadata: not a leaf


jax.tree_util.register_dataclass(Linear, data_fields=["w", "b"], meta_fields=["name"])


# no field lists: fields marked static in their metadata are inferred as static
@dataclass(frozen=True)
class AdamConfig:
    lr: jax.Array  # a leaf
    b1: float = field(metadata={"static": True}, default=0.9)


jax.tree_util.register_dataclass(AdamConfig)


@jax.jit
def forward(layer,  # a container such as Linear passes straight through jit
            x):
    return jnp.dot(x, layer.w) + jnp.sum(layer.b)


# Section 6.5: scan body functions; the carry is the state
def scan_body(carry_state, _):
    """Adds 1 to the counter; this step records no output."""
    return carry_state + 1, None


def running_mean_body(carry, x):  # carry = {'sum', 'n'}
    total = carry["sum"] + x
    count = carry["n"] + 1
    return {"sum": total, "n": count}, total / count  # each step outputs the current mean


# Section 6.6: gradient descent on f(x) = (x − 3)²; the parameters are the state
def objective_function(x):
    return jnp.square(x - 3.0)


grad_fn = jax.grad(objective_function)  # gradient 2(x − 3)


def sgd_update(params,  # old parameters in, new parameters out
               gradients, learning_rate):
    return params - gradients * learning_rate


# Momentum, Sutskever's form: the velocity already includes the learning rate.
class OptimizerState(NamedTuple):  # parameters + velocity
    params: jax.Array  # current parameters
    velocity: jax.Array  # current velocity


def momentum_update(state,  # old state
                    gradients,  # this step's gradients
                    learning_rate, momentum):  # both hyperparameters are ordinary (dynamic) arguments
    """Old optimizer state in, new optimizer state out: v ← μ·v + η·g, θ ← θ − v."""
    v_next = state.velocity * momentum + gradients * learning_rate
    return OptimizerState(params=state.params - v_next, velocity=v_next)


def run_momentum(mu,  # momentum coefficient
                 lr=0.1, steps=20):
    """Takes `steps` momentum_update steps from 0; returns the final parameter (a Python float)."""
    state = OptimizerState(params=jnp.zeros(()), velocity=jnp.zeros(()))
    for _ in range(steps):
        state = momentum_update(state, grad_fn(state.params), lr, mu)
    return float(state.params)


# Section 6.6 🔍 a generic pytree optimizer (the same interface as Optax):
#   opt.init(param_tree)                      -> optimizer state (a pytree shaped like the params)
#   opt.update(grads, state, params=None)     -> (updates, new_state)
#   apply_updates(params, updates)            -> adds leaf by leaf, so updates carry their own minus sign
class Optimizer(NamedTuple):  # a pair of pure functions
    init: Callable  # param tree -> initial state
    update: Callable  # (grads, state[, params]) -> (updates, new_state)


def _zeros_tree(tree):  # an all-zero tree shaped like `tree` (new arrays on every call)
    return jax.tree.map(jnp.zeros_like, tree)


def apply_updates(params,  # parameter tree
                  updates):  # an updates tree shaped like the params
    return jax.tree.map(jnp.add, params, updates)  # the descent direction's minus sign is in updates


class MomentumState(NamedTuple):  # the state of momentum SGD
    velocity: dict  # Optax calls it trace


def sgd_momentum(lr,  # learning rate
                 momentum=0.9):
    """Momentum SGD (Optax/PyTorch form): v ← μ·v + g, Δθ = −η·v. momentum=0 is plain SGD."""

    def init(tree):
        return MomentumState(velocity=_zeros_tree(tree))

    def update(grads, opt_state,  # params is unused, accepted for the common interface
               params=None):
        vel = jax.tree.map(lambda old, g: old * momentum + g, opt_state.velocity, grads)
        delta = jax.tree.map(lambda v: v * (-lr), vel)
        return delta, MomentumState(velocity=vel)

    return Optimizer(init=init, update=update)  # the two closures share the hyperparameters


class AdamState(NamedTuple):  # step count + two moments
    count: jax.Array  # number of updates done so far, t
    mu: dict  # first moment
    nu: dict  # second moment


def adam(lr,  # learning rate
         b1=0.9, b2=0.999, eps=1e-8):
    """Adam with bias correction."""

    def init(params):
        # mu and nu get their own zero arrays: sharing one buffer breaks under donate_argnums
        first = _zeros_tree(params)
        second = _zeros_tree(params)
        return AdamState(jnp.zeros((), jnp.int32), first, second)

    def update(grads, opt_state,  # the same interface as momentum SGD
               params=None):
        t = opt_state.count + 1  # this is step t
        m = jax.tree.map(lambda old, g: b1 * old + (1 - b1) * g, opt_state.mu, grads)
        v = jax.tree.map(lambda old, g: b2 * old + (1 - b2) * jnp.square(g), opt_state.nu, grads)
        fix1, fix2 = 1 - b1 ** t, 1 - b2 ** t  # denominators of the bias correction

        def leaf_step(m_leaf, v_leaf):
            return -lr * (m_leaf / fix1) / (jnp.sqrt(v_leaf / fix2) + eps)

        return jax.tree.map(leaf_step, m, v), AdamState(t, m, v)

    return Optimizer(init=init, update=update)  # the two closures share the hyperparameters


# A quadratic with a different curvature per coordinate, to cross-check the optimizers above against NumPy float64 step by step.
A = np.asarray([1.0, 4.0, 0.25], np.float32)  # curvature of each coordinate
C = np.asarray([3.0, -1.0, 2.0], np.float32)  # the optimum


def quad_loss(p):
    """f = ½·Σ aᵢ(xᵢ − cᵢ)², parameter tree {'x': shape (3,)}."""
    return 0.5 * jnp.sum(A * jnp.square(p["x"] - C))


def numpy_adam_reference(x,  # starting point
                         steps, lr=0.1, b1=0.9, b2=0.999, eps=1e-8):
    """Adam by hand in NumPy float64 from the starting point x: the list of x after each step."""
    x = np.asarray(x, dtype=np.float64)
    a64, c64 = A.astype(np.float64), C.astype(np.float64)
    first, second, path = np.zeros_like(x), np.zeros_like(x), []
    for t in range(1, steps + 1):
        g = a64 * (x - c64)
        first = b1 * first + (1.0 - b1) * g
        second = b2 * second + (1.0 - b2) * g * g
        unbiased1 = first / (1.0 - b1 ** t)
        unbiased2 = second / (1.0 - b2 ** t)
        x = x - lr * unbiased1 / (np.sqrt(unbiased2) + eps)
        path.append(x.copy())
    return path


def numpy_momentum_reference(x,  # starting point
                             steps, lr=0.1, mu=0.9):
    """The trajectory of momentum SGD (v ← μ·v + g, x ← x − η·v) by hand in NumPy float64."""
    x = np.asarray(x, dtype=np.float64)
    a64, c64 = A.astype(np.float64), C.astype(np.float64)
    vel, path = np.zeros_like(x), []
    for _ in range(steps):
        vel = mu * vel + a64 * (x - c64)
        x = x - lr * vel
        path.append(x.copy())
    return path


def run_jax_optimizer(opt, steps):
    """Takes `steps` steps on quad_loss from x = 0: returns (list of x after each step, final optimizer state)."""
    p = {"x": jnp.zeros(3)}
    opt_state = opt.init(p)
    path = []
    for _ in range(steps):
        delta, opt_state = opt.update(jax.grad(quad_loss)(p), opt_state, p)
        p = apply_updates(p, delta)
        path.append(np.asarray(p["x"]))
    return path, opt_state


# A small tanh MLP: the parameters are a list with one {'w', 'b'} dict per layer (He-style scaling).
def init_mlp(key,  # random key
             sizes=(1, 32, 32, 1)):
    layer_keys = jax.random.split(key, num=len(sizes) - 1)  # one key per layer
    layers = []
    for i, k in enumerate(layer_keys):
        fan_in, fan_out = sizes[i], sizes[i + 1]
        w = jax.random.normal(k, (fan_in, fan_out)) * jnp.sqrt(2.0 / fan_in)
        layers.append({"w": w, "b": jnp.zeros(fan_out)})
    return layers


def mlp(params, x):
    *hidden, last = params
    h = x
    for layer in hidden:
        h = jnp.tanh(h @ layer["w"] + layer["b"])
    return h @ last["w"] + last["b"]  # no activation on the output layer


def loss_fn(params, x, y):
    """Mean squared error."""
    return jnp.mean(jnp.square(mlp(params, x) - y))


# Data for fitting y = sin(x): 256 points, x uniform on [-3, 3].
key, _k_points, _k_weights = jax.random.split(jax.random.key(0), 3)  # one key for the data, one for the initial parameters
X = jax.random.uniform(_k_points, (256, 1), jnp.float32, -3.0, 3.0)  # shape (256, 1)
Y = jnp.sin(X)  # targets
params0 = init_mlp(_k_weights)  # initial parameters shared by the three optimizers


def make_train(optimizer,  # any Optimizer
               num_steps):  # number of training steps (a static Python int)
    """Returns a compiled train(params, x, y) -> (params, opt_state, losses).
    (params, opt_state) is the carry of lax.scan; losses holds each step's loss, shape (num_steps,).
    The data comes in as arguments instead of being captured by a closure."""

    loss_and_grad = jax.value_and_grad(loss_fn)

    @jax.jit
    def train(params, x, y):  # the whole training run is one compiled program
        def one_step(carry, _unused):
            p, s = carry
            value, g = loss_and_grad(p, x, y)  # x, y are train's arguments (tracers)
            delta, s = optimizer.update(g, s, p)
            p = apply_updates(p, delta)
            return (p, s), value  # carry = state, output = this step's loss

        start = (params, optimizer.init(params))
        (p_end, s_end), trace = lax.scan(one_step, start, xs=None, length=num_steps)
        return p_end, s_end, trace

    return train


class _LazyResults(_Mapping):
    """Per-step losses of 1000 training steps for each of three optimizers; trained on first use (so the context loads fast), cached after."""

    _RECIPES = {
        "SGD": lambda: sgd_momentum(0.01, 0.0),
        "SGD+momentum": lambda: sgd_momentum(0.01, 0.9),
        "Adam": lambda: adam(0.01),
    }

    def __init__(self):
        self._trained = {}

    def __getitem__(self, name):
        if name not in self._trained:
            optimizer = self._RECIPES[name]()  # unknown name: KeyError
            self._trained[name] = make_train(optimizer, 1000)(params0, X, Y)[2]
        return self._trained[name]

    def __iter__(self):
        return iter(self._RECIPES)

    def __len__(self):
        return len(self._RECIPES)

    def __repr__(self):
        return repr(dict(self.items()))


results = _LazyResults()


# Section 6.6 🔍 donate_argnums: the training step donates params and optimizer state, not the data
opt = adam(0.01)  # the optimizer of the donation example


@partial(jax.jit, donate_argnames=("params", "opt_state"))
def train_step_donated(params, opt_state,  # donated: the old references are invalid after the call
                       x, y):  # data every step needs: not donated
    value, g = jax.value_and_grad(loss_fn)(params, x, y)
    delta, new_state = opt.update(g, opt_state, params)
    return apply_updates(params, delta), new_state, value


def adam_init_shared(params):
    """❌ Counterexample: mu and nu point to the same zero arrays. Fine without donation, an error with it."""
    shared = _zeros_tree(params)
    return AdamState(jnp.zeros((), jnp.int32), shared, shared)  # mu is nu


# Section 6.7: state with jit / grad / vmap
def stateful_counter(count_state,  # {'count': array}
                     increment):
    """Counter state in, new state out."""
    return {"count": count_state["count"] + increment}


# A linear model ŷ = w·x + b; the parameter dict is the state
def predict_and_update(params,  # the state
                       x):
    """Returns the prediction and the (unchanged) parameter state."""
    return params["w"] * x + params["b"], params  # parameters unchanged


def loss_fn_linear(params,  # differentiated with respect to this
                   x, y_target):
    y_hat = predict_and_update(params, x)[0]
    return jnp.mean(jnp.square(y_hat - y_target))


# The three points lie exactly on the line w = 2, b = 1.5.
x_data = jnp.asarray([1.0, 2.0, 3.0])  # inputs
y_data = jnp.asarray([3.5, 5.5, 7.5])  # targets


def training_step(params,  # the state
                  x, y_target,  # data
                  learning_rate):  # dynamic learning rate
    """One gradient-descent step: returns (loss, new_params)."""
    grad_fn = jax.value_and_grad(fun=loss_fn_linear)
    value, g = grad_fn(params, x, y_target)
    return value, jax.tree.map(lambda p, d: p - learning_rate * d, params, g)


# differentiate w.r.t. argument 0 (the whole parameter tree): gradients shaped like the params
grad_fn_linear = jax.grad(loss_fn_linear)


def loss_with_stats(params,  # differentiated
                    x, y, stats):
    """Returns (loss, updated stats): for use with value_and_grad(..., has_aux=True)."""
    pred = params["w"] * x + params["b"]
    updated = {"pred_mean": 0.9 * stats["pred_mean"] + 0.1 * jnp.mean(pred),
               "calls": stats["calls"] + 1}
    return jnp.mean(jnp.square(pred - y)), updated
