"""What travels between the runner and a worker: the job, the events, the result document and its
failure details (plain dataclasses, no numpy)."""
