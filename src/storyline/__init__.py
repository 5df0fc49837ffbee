"""storyline: turn a pile of news articles into sourced stories, on Apache Spark."""

import logging

__version__ = "0.1.0"

logging.getLogger(__name__).addHandler(logging.NullHandler())
