"""Grouping articles: MinHash fingerprints and story clustering."""
