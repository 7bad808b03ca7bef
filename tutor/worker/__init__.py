"""The worker side: a fresh interpreter that imports jax, runs one job and reports; also the check
library the check modules use."""
