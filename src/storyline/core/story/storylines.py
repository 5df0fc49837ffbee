"""Storylines: the events that belong to one thread, in time order.

A story tells one event. A *storyline* chains the stories whose central actors are the same: the people and
organisations named in their titles and leads (not a topic, not a place), within ``window_days`` of each other and
close enough in meaning. A resignation and the same coach's next job are one storyline; two recalls ordered by one
food regulator are two, because the regulator is only one of each recall's actors (the recalled product and its
maker are the other).

Two stories are linked when, within the window,

- they share a central *person*, and their openings (the title and the first ``OPENING_SENTENCES`` sentences of
  the summary) are at least ``min_similarity`` close in meaning; or
- they share central organisations only, those are more than ``min_shared`` of both stories' central actors
  (Jaccard), and the same meaning test holds.

A story's day, for the window, is its first publication, else the latest day its timeline gives; a story whose
timeline gives years or months only has no day, and the window does not part it from another. The storylines are
the connected components of those links, each in time order: by first publication, else by the latest date its
timeline gives, read as the end of its year or month (a story that tells of 2016 comes after one that looks ahead
to 2014). A storyline's id is derived from its first story's id, so it stays the same when a later run adds later
stories.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from storyline.config import StorylinesConfig
from storyline.core.graph import connected_components
from storyline.core.nlp.names import GPE, LOC, PERSON
from storyline.core.text.text import fold_for_hash, stable_id

PLACE_TYPES = frozenset({GPE, LOC})  # where something happened (the typer files facilities as LOC): never a thread
LABEL_ACTORS = 3  # a storyline's label names at most this many of its actors
OPENING_SENTENCES = 3  # a story's opening, for the meaning test: its title and this many summary sentences


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
    its opening, and ``when``: where it sits in time (its day, or the end of the latest year or month its timeline
    gives; None when unknown)."""

    story_id: str
    day: int | None
    title: str
    people: tuple[tuple[str, str], ...]
    organisations: tuple[tuple[str, str], ...]
    vector: np.ndarray
    when: int | None = None

    @property
    def person_keys(self) -> frozenset[str]:
        return frozenset(k for k, _ in self.people)

    @property
    def actor_keys(self) -> frozenset[str]:
        return self.person_keys | frozenset(k for k, _ in self.organisations)


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
        if any(f" {v} " in told for v in {fold_for_hash(x) for x in (e.name, *e.variants)} if v):
            (people if e.type == PERSON else organisations).add((fold_for_hash(e.name), e.name))
    return tuple(sorted(people)), tuple(sorted(organisations))


def threaded(a: StoryNode, b: StoryNode, cfg: StorylinesConfig) -> bool:
    """Whether two stories are events of one thread (see the module's description)."""
    if a.day is not None and b.day is not None and abs(a.day - b.day) > cfg.window_days:
        return False
    shared = a.actor_keys & b.actor_keys
    if not shared:
        return False
    if not shared & (a.person_keys | b.person_keys):
        if len(shared) <= cfg.min_shared * len(a.actor_keys | b.actor_keys):
            return False
    return float(np.dot(a.vector, b.vector)) >= cfg.min_similarity


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
    """A storyline's label: the actors that more than one of its stories name (people first, at most
    ``LABEL_ACTORS``), then its latest story's title; a storyline of one story is labelled by its title.

    >>> v = np.ones(2) / np.sqrt(2)
    >>> label([StoryNode("s1", 1, "Ines Marek resigns", (("ines marek", "Ines Marek"),), (), v),
    ...        StoryNode("s2", 9, "Dunmore City appoint Marek", (("ines marek", "Ines Marek"),),
    ...                  (("dunmore city", "Dunmore City"),), v)])
    'Ines Marek: Dunmore City appoint Marek'
    """
    counts = Counter(k for n in chain for k in n.actor_keys)
    shown = {k: name for n in chain for k, name in (*n.people, *n.organisations)}
    people = {k for n in chain for k in n.person_keys}
    shared = sorted((k for k in counts if counts[k] > 1), key=lambda k: (-counts[k], k not in people, k))
    latest = chain[-1].title
    return f"{', '.join(shown[k] for k in shared[:LABEL_ACTORS])}: {latest}" if shared else latest


def storylines(nodes: Sequence[StoryNode], cfg: StorylinesConfig) -> list[list[StoryNode]]:
    """Every story's storyline, each in time order, the storylines ordered by their first story. A story with no
    thread is a storyline of its own. Only stories that share an actor are compared (an actor heading more than
    ``cfg.max_postings`` stories is no link by itself)."""
    by_actor: dict[str, list[int]] = {}
    for i, n in enumerate(nodes):
        for actor in sorted(n.actor_keys):
            by_actor.setdefault(actor, []).append(i)
    links = {(i, j) for group in by_actor.values() if len(group) <= cfg.max_postings
             for k, i in enumerate(group) for j in group[k + 1:] if threaded(nodes[i], nodes[j], cfg)}
    components = connected_components(range(len(nodes)), links)
    chains: dict[int, list[StoryNode]] = {}
    for i, n in enumerate(nodes):
        chains.setdefault(components[i], []).append(n)
    ordered = [in_time_order(c) for c in chains.values()]
    return sorted(ordered, key=lambda c: _when(c[0]))
