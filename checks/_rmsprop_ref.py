"""Float64 NumPy references for the 6.5 checks: RMSProp updates over a run of gradients (with the
switches that reproduce its common slips), and the chapter's sin(x) training task replayed with
RMSProp or Adam."""

import jax
import jax.numpy as jnp
import numpy as np


def rms_run(
    grads_seq,
    lr,
    rho,
    eps,
    *,
    accumulate=True,
    weight=None,
    decay=None,
    eps_inside=False,
    bias=False,
    old_s=False,
    power=2,
    root=True,
    absolute=False,
    eps_added=False,
):
    """float64 RMSProp updates for each step; the keyword arguments make its common slips
    (`decay`/`weight`: the factors of s and g² in s ← decay·s + weight·g²; `old_s`: the updates
    divide by the s the step received, not the one it computed; `power`: g itself averaged when 1;
    `root`: the updates divide by s + ε, not √s + ε, when False; `absolute`: |g| averaged in place
    of g²; `eps_added`: −lr·g/√s + ε, the ε outside the division)."""
    w = (1 - rho) if weight is None else weight
    d = rho if decay is None else decay
    s = jax.tree.map(np.zeros_like, grads_seq[0])
    out = []
    for t, g in enumerate(grads_seq, start=1):
        base = s if accumulate else jax.tree.map(np.zeros_like, s)
        if absolute:
            s = jax.tree.map(lambda s_, g_: d * s_ + w * np.abs(g_), base, g)
        else:
            s = jax.tree.map(lambda s_, g_: d * s_ + w * g_**power, base, g)
        used = base if old_s else s
        if bias:
            correction = 1 - rho**t
            used = jax.tree.map(lambda s_: s_ / correction, used)  # noqa: B023 (used at once)
        with np.errstate(divide="ignore", invalid="ignore"):
            if eps_inside:
                out.append(jax.tree.map(lambda g_, s_: -lr * g_ / np.sqrt(s_ + eps), g, used))
            elif eps_added:
                out.append(jax.tree.map(lambda g_, s_: -lr * g_ / np.sqrt(s_) + eps, g, used))
            elif not root:
                out.append(jax.tree.map(lambda g_, s_: -lr * g_ / (s_ + eps), g, used))
            else:
                out.append(jax.tree.map(lambda g_, s_: -lr * g_ / (np.sqrt(s_) + eps), g, used))
    return out


def negated(grads_seq, lr, rho, eps):
    """The updates with the sign flipped (added to the parameters, they climb the loss)."""
    return [jax.tree.map(np.negative, u) for u in rms_run(grads_seq, lr, rho, eps)]


def task64():
    """params0 (as float64 layers) and X of the chapter's sin(x) task, regenerated the
    chapter's way."""
    _, pts_key, w_key = jax.random.split(jax.random.key(0), 3)
    xs = np.asarray(jax.random.uniform(pts_key, (256, 1), jnp.float32, -3.0, 3.0), np.float64)
    sizes = (1, 32, 32, 1)
    layers = []
    for i, k in enumerate(jax.random.split(w_key, 3)):
        w = np.asarray(jax.random.normal(k, (sizes[i], sizes[i + 1])), np.float64) * np.sqrt(
            2.0 / sizes[i]
        )
        layers.append({"w": w, "b": np.zeros(sizes[i + 1])})
    return layers, xs


def loss_and_grads(layers, xs):
    """MSE of the tanh MLP on sin(x) and its gradients, by hand (float64 backpropagation)."""
    acts, h = [xs], xs
    for layer in layers[:-1]:
        h = np.tanh(h @ layer["w"] + layer["b"])
        acts.append(h)
    resid = h @ layers[-1]["w"] + layers[-1]["b"] - np.sin(xs)
    delta = 2.0 * resid / resid.size
    grads = [None] * len(layers)
    for i in range(len(layers) - 1, -1, -1):
        grads[i] = {"w": acts[i].T @ delta, "b": delta.sum(axis=0)}
        if i:
            delta = (delta @ layers[i]["w"].T) * (1.0 - acts[i] ** 2)
    return float(np.mean(resid**2)), grads


def train64(steps: int, kind: str, lr: float = 0.003) -> np.ndarray:
    """Per-step losses of RMSProp(lr, 0.9, 1e-8) or of the chapter's Adam(lr), in float64."""
    layers, xs = task64()
    m = [{k: np.zeros_like(v) for k, v in layer.items()} for layer in layers]
    s = [{k: np.zeros_like(v) for k, v in layer.items()} for layer in layers]
    losses = np.empty(steps)
    for t in range(1, steps + 1):
        losses[t - 1], grads = loss_and_grads(layers, xs)
        for layer, mm, ss, gg in zip(layers, m, s, grads, strict=True):
            for k in layer:
                if kind == "rmsprop":
                    ss[k] = 0.9 * ss[k] + 0.1 * gg[k] ** 2
                    layer[k] = layer[k] - lr * gg[k] / (np.sqrt(ss[k]) + 1e-8)
                else:
                    mm[k] = 0.9 * mm[k] + 0.1 * gg[k]
                    ss[k] = 0.999 * ss[k] + 0.001 * gg[k] ** 2
                    step = (mm[k] / (1 - 0.9**t)) / (np.sqrt(ss[k] / (1 - 0.999**t)) + 1e-8)
                    layer[k] = layer[k] - lr * step
    return losses
