"""Benchmarks: storyline against its peers, measured in the same run."""
