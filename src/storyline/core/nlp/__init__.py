"""Language models storyline reads text with: sentence embeddings (:mod:`~storyline.core.nlp.embed`)."""
