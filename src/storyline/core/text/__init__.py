"""Text: normalising, sentence splitting, removing residue."""
