"""Spark plumbing: schemas, readers, writers and stages that call storyline.core."""
