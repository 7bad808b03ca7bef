"""Content authors' tools, run as `jaxtutor dev …`: the validator, the course proof and mutation
testing."""
