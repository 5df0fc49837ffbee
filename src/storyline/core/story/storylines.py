"""Storylines: the events that belong to one thread, in time order.

A story tells one event. A *storyline* chains the stories whose central actors are the same: the people and
organisations that the parse of their titles and leads makes the subject, the object or the agent of what happens
(not a topic, not a place), within ``window_days`` of each other. A resignation and the same coach's next job are one
storyline; two recalls ordered by one food regulator are two, because the regulator is only one of each recall's
actors (the recalled product and its maker are the other).

Two stories are linked when, within the window, they share central actors (a short name is the same actor as a
longer one it begins or ends: "Venmark" and "Venmark Biosciences", "Marek" and "Ines Marek") and there is evidence
that they tell one thread:

- a *reference back*: one story's text tells the other's opening (the TF-IDF cosine of the title and the first
  ``OPENING_SENTENCES`` summary sentences by importance, their ``rank``, of one against the whole text of the other,
  IDF over the run's stories) at least ``min_reference``. Here the actors may also be *attached* names: the maker
  whose tablet is approved, the company whose workers strike; or
- close openings: the opening vectors (static embeddings) are at least ``min_similarity`` close, and the shared
  actors are the stories' own, not attached names.

Either way, stories that share organisations but no person are one thread only when those are more than
``min_shared`` of both stories' actors (Jaccard). Topic alone never links: two stories with no actor in common stay
apart however alike their words.

A story's day, for the window, is its first publication, else the latest day its timeline gives; a story whose
timeline gives years or months only has no day, and the window does not part it from another. The storylines are
the connected components of those links (an event joins its thread through any event of it), each in time order: by
first publication, else by the latest date its timeline gives, read as the end of its year or month (a story that
tells of 2016 comes after one that looks ahead to 2014). A storyline's id is derived from its first story's id, so it
stays the same when a later run adds later stories.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Protocol, Sequence

import numpy as np

from storyline.core.graph import connected_components
from storyline.core.nlp.names import GPE, LOC, PERSON
from storyline.core.text.text import fold_for_hash, stable_id

PLACE_TYPES = frozenset({GPE, LOC})  # where something happened (the typer files facilities as LOC): never a thread
LABEL_ACTORS = 3  # a storyline's label names at most this many of its actors
# a story's opening, for the meaning test: its title and this many of its summary sentences, the most important (by
# their rank, not in the reader's order)
OPENING_SENTENCES = 3


class Thresholds(Protocol):
    """When two stories are events of one thread (the ``[storylines]`` config section has these fields): at most
    ``window_days`` apart; a later story that refers to the earlier one's named actors (``min_reference``), or
    both sharing ``min_shared`` of their actors and alike in meaning (``min_similarity``); a key in more than
    ``max_postings`` stories pairs none."""

    window_days: int
    min_similarity: float
    min_shared: float
    max_postings: int
    min_reference: float


@dataclass(frozen=True)
class Named:
    """An entity of a story as the storyline finder reads it: its name, type and the ways it is written."""

    name: str
    type: str
    variants: tuple[str, ...] = ()


@dataclass(frozen=True)
class StoryNode:
    """What the finder reads of a story: its id, its day (days since 1970-01-01; None when unknown), its
    title, its central people and organisations (by folded name, with the name as written), the unit vector of
    its opening, ``when``: where it sits in time (its day, or the end of the latest year or month its timeline
    gives; None when unknown), and the people and organisations its actors are attached to (not actors
    themselves: :func:`storyline.core.nlp.roles.attached_phrases`)."""

    story_id: str
    day: int | None
    title: str
    people: tuple[tuple[str, str], ...]
    organisations: tuple[tuple[str, str], ...]
    vector: np.ndarray
    when: int | None = None
    attached_people: tuple[tuple[str, str], ...] = ()
    attached_organisations: tuple[tuple[str, str], ...] = ()

    @property
    def person_keys(self) -> frozenset[str]:
        return frozenset(k for k, _ in self.people)

    @property
    def actor_keys(self) -> frozenset[str]:
        return self.person_keys | frozenset(k for k, _ in self.organisations)

    @property
    def named_person_keys(self) -> frozenset[str]:
        """The people among its actors and the names attached to them."""
        return self.person_keys | frozenset(k for k, _ in self.attached_people)

    @property
    def named_keys(self) -> frozenset[str]:
        """Its actors and the names attached to them."""
        return self.actor_keys | frozenset(k for k, _ in (*self.attached_people, *self.attached_organisations))


def central_actors(title: str | None, lead: str, entities: Iterable[Named], actors: Sequence[str] | None = None
                   ) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """(people, organisations) among a story's entities that its title or lead names, in any of their spellings,
    each as (folded name, name), sorted. Places are left out: a thread is about who acts, not where. With
    ``actors`` (the phrases of the title and lead that their parse makes a subject, an object or an agent:
    :func:`storyline.core.nlp.roles.actor_phrases`), only an entity named within one of them counts: a name in
    a prepositional phrase or a possessive ("Trump's campaign manager") is no actor of the story.

    >>> central_actors("Marek takes over at Dunmore City", "Ines Marek was named coach of Dunmore City in Dunmore.",
    ...                [Named("Ines Marek", "PERSON", ("Marek",)), Named("Dunmore City", "ORG"),
    ...                 Named("Dunmore", "GPE"), Named("Tomas Brenn", "PERSON")])
    ((('ines marek', 'Ines Marek'),), (('dunmore city', 'Dunmore City'),))
    """
    told = (f" {fold_for_hash(title or '')} {fold_for_hash(lead)} " if actors is None
            else " | ".join(f" {fold_for_hash(a)} " for a in actors))
    people: set[tuple[str, str]] = set()
    organisations: set[tuple[str, str]] = set()
    for e in entities:
        if e.type in PLACE_TYPES:
            continue
        if any(f" {v} " in told for v in _spellings(e) if v):
            (people if e.type == PERSON else organisations).add((fold_for_hash(e.name), e.name))
    return tuple(sorted(people)), tuple(sorted(organisations))


def _spellings(e: Named) -> set[str]:
    """The folded ways a story may name an entity: its name, its variants and, for a person, the surname alone
    ("Dreyk" of "Orsolya Dreyk", in "Missing Dreyk painting found")."""
    out = {fold_for_hash(x) for x in (e.name, *e.variants)}
    words = fold_for_hash(e.name).split()
    return out | ({words[-1]} if e.type == PERSON and len(words) > 1 else set())


def same_actor(a: str, b: str) -> bool:
    """Whether two folded names are one actor: equal, or the shorter is the first or last words of the longer
    ("venmark" of "venmark biosciences", "marek" of "ines marek"; but not a word inside: "jong" of "kim jong un").

    >>> same_actor("venmark", "venmark biosciences"), same_actor("marek", "ines marek"), same_actor("jong", "kim jong un")
    (True, True, False)
    """
    if a == b:
        return True
    short, long = sorted((a.split(), b.split()), key=len)
    return len(short) < len(long) and (long[:len(short)] == short or long[-len(short):] == short)


def _enough(a: frozenset[str], b: frozenset[str], people: frozenset[str], min_shared: float) -> bool:
    """Whether actors ``a`` and ``b`` of two stories are one thread's: they share a person of ``people``
    (:func:`same_actor`), or organisations that are more than ``min_shared`` of both (a name of one counted once
    with the names of the other it is)."""
    in_a = {x for x in a if any(same_actor(x, y) for y in b)}
    in_b = {y for y in b if any(same_actor(x, y) for x in a)}
    if not in_a:
        return False
    shared = min(len(in_a), len(in_b))
    return bool((in_a | in_b) & people) or shared / (len(a) + len(b) - shared) > min_shared


def threaded(a: StoryNode, b: StoryNode, cfg: Thresholds, reference: float = 0.0) -> bool:
    """Whether two stories are events of one thread (see the module's description); ``reference`` is how much
    of one's opening the other's text tells (0 when unknown)."""
    if a.day is not None and b.day is not None and abs(a.day - b.day) > cfg.window_days:
        return False
    if reference >= cfg.min_reference and _enough(a.named_keys, b.named_keys,
                                                  a.named_person_keys | b.named_person_keys, cfg.min_shared):
        return True
    return (_enough(a.actor_keys, b.actor_keys, a.person_keys | b.person_keys, cfg.min_shared)
            and float(np.dot(a.vector, b.vector)) >= cfg.min_similarity)


def in_time_order(nodes: Iterable[StoryNode]) -> list[StoryNode]:
    """Stories by when they happened (unknown last), then by id.

    >>> v = np.ones(2) / np.sqrt(2)
    >>> [n.story_id for n in in_time_order([StoryNode("s1", 16199, "Leaves the Mets", (), (), v, 17166),
    ...                                     StoryNode("s2", None, "Not after the job", (), (), v, 16435),
    ...                                     StoryNode("s3", None, "Undated", (), (), v)])]
    ['s2', 's1', 's3']
    """
    return sorted(nodes, key=_when)


def _when(n: StoryNode) -> tuple[bool, int, str]:
    when = n.when if n.when is not None else n.day
    return (when is None, when if when is not None else 0, n.story_id)


def storyline_id(first_story_id: str) -> str:
    """A storyline's id, from its first story's id: a later run that adds later stories keeps it.

    >>> storyline_id("s-6d0d7580a9509ddc")
    'l-1de15b62ebbd022d'
    """
    return "l-" + stable_id("storyline", first_story_id)


def label(chain: Sequence[StoryNode]) -> str:
    """A storyline's label: the actors (or names attached to them) that more than one of its stories name (people
    first, at most ``LABEL_ACTORS``), then its latest story's title; a storyline of one story is labelled by its
    title.

    >>> v = np.ones(2) / np.sqrt(2)
    >>> label([StoryNode("s1", 1, "Ines Marek resigns", (("ines marek", "Ines Marek"),), (), v),
    ...        StoryNode("s2", 9, "Dunmore City appoint Marek", (("ines marek", "Ines Marek"),),
    ...                  (("dunmore city", "Dunmore City"),), v)])
    'Ines Marek: Dunmore City appoint Marek'
    """
    counts = Counter(k for n in chain for k in n.named_keys)
    shown = {k: name for n in chain
             for k, name in (*n.people, *n.organisations, *n.attached_people, *n.attached_organisations)}
    people = {k for n in chain for k in n.named_person_keys}
    shared = sorted((k for k in counts if counts[k] > 1), key=lambda k: (-counts[k], k not in people, k))
    latest = chain[-1].title
    return f"{', '.join(shown[k] for k in shared[:LABEL_ACTORS])}: {latest}" if shared else latest


def candidates(nodes: Sequence[StoryNode], max_postings: int) -> set[tuple[int, int]]:
    """The pairs of ``nodes`` (by index, lower first) that may be one thread: the stories that name one actor or
    attached name, and those where a one-word name of one is the first or last word of a name of the other. A name
    (or word) that more than ``max_postings`` stories give links none by itself.

    >>> v = np.ones(2) / np.sqrt(2)
    >>> sorted(candidates([StoryNode("a", 1, "", (), (("venmark", "Venmark"),), v),
    ...                    StoryNode("b", 2, "", (), (("venmark biosciences", "Venmark Biosciences"),), v),
    ...                    StoryNode("c", 3, "", (), (("solberg", "Solberg"),), v)], 200))
    [(0, 1)]
    """
    exact: dict[str, set[int]] = {}
    single: dict[str, set[int]] = {}
    part: dict[str, set[int]] = {}
    for i, n in enumerate(nodes):
        for name in n.named_keys:
            exact.setdefault(name, set()).add(i)
            words = name.split()
            for w in {words[0], words[-1]} if len(words) > 1 else ():
                part.setdefault(w, set()).add(i)
            if len(words) == 1:
                single.setdefault(name, set()).add(i)
    pairs: set[tuple[int, int]] = set()
    for group in exact.values():
        if len(group) <= max_postings:
            pairs |= {(i, j) for i in group for j in group if i < j}
    for w, group in single.items():
        if len(group) <= max_postings and len(part.get(w, ())) <= max_postings:
            pairs |= {(min(i, j), max(i, j)) for i in group for j in part.get(w, ()) if i != j}
    return pairs


def storylines(nodes: Sequence[StoryNode], cfg: Thresholds,
               reference: Mapping[tuple[int, int], float] | None = None) -> list[list[StoryNode]]:
    """Every story's storyline, each in time order, the storylines ordered by their first story. A story with no
    thread is a storyline of its own. Only :func:`candidates` are compared; ``reference`` gives, for a pair of
    indices (lower first), how much of one's opening the other's text tells."""
    reference = reference or {}
    links = {(i, j) for i, j in candidates(nodes, cfg.max_postings)
             if threaded(nodes[i], nodes[j], cfg, reference.get((i, j), 0.0))}
    components = connected_components(range(len(nodes)), links)
    chains: dict[int, list[StoryNode]] = {}
    for i, n in enumerate(nodes):
        chains.setdefault(components[i], []).append(n)
    ordered = [in_time_order(c) for c in chains.values()]
    return sorted(ordered, key=lambda c: _when(c[0]))
