"""One story at a time: its summary, entities, timeline, agreements and disputes."""
