"""Exercise 7.4: what the labels at flip_idx that kept their class show, said only as computed."""

import numpy as np

from tutor.worker.checklib import msg


def kept_labels_say(Yn, Yc, flips, kept: int) -> str:
    """The sentence for `kept` examples of flip_idx whose new label equals their own clean label.
    When every new label differs from the clean label at the same position of the first
    len(flip_idx) examples (Yn_clean[:20]), an offset in 1..N_CLS-1 added to those labels gives
    exactly these labels: the offset advice would mislead, so the message says which labels the
    new ones differ from instead."""
    n = len(flips)
    new = np.asarray(Yn)[np.asarray(flips)]
    first = np.asarray(Yc)[:n]
    if n and len(first) == n and np.all(new != first):
        return msg("ex_7_4.flips_unchanged_first_labels", count=kept, n=n)
    return msg("ex_7_4.flips_unchanged", count=kept)
