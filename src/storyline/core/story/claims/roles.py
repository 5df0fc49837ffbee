"""What happened to a person, told two ways that cannot both be true ("resigned" against "was dismissed"), and a
person's age told two ways: the role and age disputes, read from the verb's voice around a name.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from typing import Sequence

from storyline.core.nlp.dates import instant
from storyline.core.story.claims.slots import PASSIVE_AUXILIARIES, Slots
from storyline.core.text.text import AUXILIARIES, DETERMINERS, SPEECH_VERBS, STOPWORDS, word_forms, word_lemmas
from storyline.core.story.claims.values import (AGE, SPEECH_MARKS, Val, counts, other_occasion, letter_words,
                                                verb_similarity)


# closed classes of grammar that tell a verb's voice and whether it takes an object
BE = PASSIVE_AUXILIARIES  # "was dismissed", "got sacked"
HAVE = frozenset("has have had".split())  # the perfect's auxiliary: "has dismissed"
# a word, a number or one punctuation mark: the units the role readers step through
TOKEN = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d+|[^\w\s]")


def past(word: str) -> str | None:
    """The verb a past tense or participle is of ("dismissed" -> "dismiss", "quit" -> "quit"), else None.

    >>> past("dismissed"), past("quit"), past("was"), past("table")
    ('dismiss', 'quit', None, None)
    """
    w = word.lower()
    lemmas = word_lemmas(w).get("VERB")
    if not lemmas or w in BE or w in HAVE or w in AUXILIARIES:
        return None
    lemma = lemmas[0]
    forms = set(word_forms(lemma, "VBD")) | set(word_forms(lemma, "VBN"))
    return lemma if w in forms else None


def _takes_object(word: str) -> bool:
    """The word after a verb opens its object: a determiner, a name, a figure or a noun ("sacked manager X")."""
    w = word.lower()
    return (w in DETERMINERS or word[:1].isupper() or word[:1].isdigit()
            or ("NOUN" in word_lemmas(w) and w not in STOPWORDS and not w.endswith("ing")))


def _as_subject(toks: list[str], k: int) -> tuple[str, str, str] | None:
    """The role of the noun phrase ending at ``k`` as a subject: the patient of a passive, the agent of an active
    verb with no object."""
    j = k + 1
    while j < len(toks) and (toks[j].lower() in HAVE or toks[j].endswith("ly")):
        j += 1
    if j < len(toks) and toks[j].lower() in BE:
        j += 1
        while j < len(toks) and (toks[j].lower() in BE or toks[j].endswith("ly")):
            j += 1
        verb = past(toks[j]) if j < len(toks) else None
        return ("patient", verb, toks[j]) if verb and toks[j].lower() not in SPEECH_VERBS else None
    if j < len(toks) and (verb := past(toks[j])) and toks[j].lower() not in SPEECH_VERBS:
        if _takes_object(toks[j + 1] if j + 1 < len(toks) else "."):
            return None  # "joined Rovers", "left the club"
        return "agent", verb, toks[j]
    return None


def _as_object(toks: list[str], start: int) -> tuple[str, str, str] | None:
    """The role of the noun phrase starting at ``start`` as the object of the verb before it ("Rovers have dismissed
    manager Piet Callaghan", "why Anderson fired him")."""
    b, steps = start - 1, 0
    while b >= 0 and steps < 2 and toks[b][:1].islower() and not past(toks[b]) and toks[b] not in DETERMINERS:
        b, steps = b - 1, steps + 1
    if b >= 1 and (verb := past(toks[b])) and toks[b].lower() not in SPEECH_VERBS and (
            toks[b - 1].lower() in HAVE or toks[b - 1][:1].isupper()):
        return "patient", verb, toks[b]
    return None


_SUBJECT_PRONOUNS = frozenset("he she".split())
_OBJECT_PRONOUNS = frozenset("him her".split())


def roles(text: str, name: str) -> list[tuple[str, str, str]]:
    """How the sentence tells what happened to ``name``: ``("agent", verb, form)`` where the person is the subject of
    an active verb that takes no object ("Keane has resigned as manager"), ``("patient", verb, form)`` where
    something was done to them ("Keane was sacked", "Rovers have dismissed manager Piet Callaghan"). After the name,
    a pronoun ("fired him") or a description as a subject ("the one-time second baseman was fired") is the same
    person. Verbs of saying tell no role.

    >>> roles("Piet Callaghan has resigned as manager of Saltmarsh Rovers.", "Piet Callaghan")
    [('agent', 'resign', 'resigned')]
    >>> roles("Saltmarsh Rovers have dismissed manager Piet Callaghan after five defeats.", "Piet Callaghan")
    [('patient', 'dismiss', 'dismissed')]
    >>> roles("Alderson said Backman resigned, but sources said the one-time second baseman was fired.", "Wally Backman")
    [('agent', 'resign', 'resigned'), ('patient', 'fire', 'fired')]
    >>> roles("Keane joined Rovers in 2022.", "Declan Keane"), roles("Keane said nothing.", "Keane")
    ([], [])
    """
    n = len(name.split())
    toks = TOKEN.findall(text)
    words = name.split()
    out: list[tuple[str, str, str]] = []
    first = None
    for k, t in enumerate(toks):
        if t == words[-1]:
            first = k if first is None else first
            start = k - n + 1 if toks[max(0, k - n + 1):k + 1] == words else k
            out += [r for r in (_as_subject(toks, k), _as_object(toks, start)) if r]
        elif first is not None and t.lower() in _SUBJECT_PRONOUNS:
            out += [r for r in (_as_subject(toks, k),) if r]
        elif first is not None and t.lower() in _OBJECT_PRONOUNS:
            out += [r for r in (_as_object(toks, k),) if r]
        elif first is not None and t.lower() == "the":
            # a description as the subject of a passive: "the one-time Mets second baseman was fired"
            end = next((m for m in range(k + 2, min(len(toks), k + 8)) if toks[m].lower() in BE), None)
            if end is not None and all(w.replace("-", "").isalnum() and not past(w) for w in toks[k + 1:end]):
                out += [r for r in (_as_subject(toks, end - 1),) if r and r[0] == "patient"]
    return list(dict.fromkeys(out))


def _told_roles(s: Slots, text: str) -> list[tuple[str, tuple[str, str, str]]]:
    """The roles a sentence tells of the people it names, where it asserts them of this event."""
    if s.hedged or s.negated or SPEECH_MARKS.search(text) or any(len(d) == 4 for d in s.dates):
        return []  # a year of its own ("resigned in 2009 from his first club") is another event
    return [(name, r) for name in sorted(s.names) for r in roles(text, name)]


def role_conflicts(slots: Sequence[Slots], texts: Sequence[str], outlet: Sequence[str], floor: float = 0.35,
                   embedding: str = "static", people: frozenset[str] | None = None) -> list[tuple[Val, Val]]:
    """What happened to a person, told two ways that cannot both be true: one did it of their own accord (an active
    verb with no object), the other had it done to them ("resigned" / "was dismissed"), by verbs near enough in
    meaning to tell one act. The sentences are blocked by the person they name, so no pair without a shared name is
    read. A sentence that tells both ("X said he resigned, but sources said he was fired") stands on both sides;
    other pairs come from different outlets, of days that do not differ."""
    by_name: dict[str, list[tuple[int, tuple[str, str, str]]]] = defaultdict(list)
    for k, s in enumerate(slots):
        for name, r in _told_roles(s, texts[k]):
            if people is None or name in people:  # what happened to a person, not to a port or a company
                by_name[name].append((k, r))
    out = []
    for name, told in sorted(by_name.items()):
        for n, (i, ra) in enumerate(told):
            for j, rb in told[n + 1:]:
                if i != j and (outlet[i] == outlet[j] or other_occasion(slots[i], slots[j])):
                    continue
                if _listed(texts[i], ra[2], rb[2]) or _listed(texts[j], rb[2], ra[2]):
                    continue  # a sentence that lists the other act too ("harassed, assaulted or ...") is no side
                if ra[0] != rb[0] and ra[1] != rb[1] and verb_similarity(ra[2], rb[2], embedding) >= floor:
                    out.append((Val(i, "role", name, ra[0], ra[2]), Val(j, "role", name, rb[0], rb[2])))
    return out


def _listed(text: str, verb: str, other: str) -> bool:
    """The sentence gives ``other`` in a list with its own ``verb`` ("harassed, assaulted or attempted to"): one
    accusation of several acts, not one act told one way. An act told in a clause of its own ("had resigned,
    although his agent said he was fired") is a side.

    >>> _listed("They allege he harassed, assaulted or threatened them.", "harassed", "assaulted")
    True
    >>> _listed("He had resigned, although his agent has since said he was fired.", "resigned", "fired")
    False
    """
    words = letter_words(text)
    at = [k for k, w in enumerate(words) if w == verb.lower()]
    return any(w == other.lower() and any(abs(k - m) <= 2 for m in at) for k, w in enumerate(words))


_DESCRIBED = re.compile(r"^\s*(?:the|a|an)\s+(?:[a-z][\w-]*\s+){0,2}?([a-z][\w-]+)\s+(?=(?:has\s+|had\s+|have\s+)?"
                        r"(?:been\s+|was\s+|were\s+|is\s+)?[a-z]+)", re.I)


def described_roles(i: int, j: int, texts: Sequence[str], slots: Sequence[Slots], floor: float,
                    embedding: str = "static") -> list[tuple[Val, Val]]:
    """What happened to the one both aligned sentences open with, told two ways that cannot both be true ("The mayor
    resigned" / "The mayor was ousted by the council"): :func:`role_conflicts` for a subject that a common noun
    names."""
    heads = []
    for k in (i, j):
        m = _DESCRIBED.match(texts[k])
        if not m or slots[k].hedged or slots[k].negated:
            return []
        heads.append(m.group(1).lower())
    if heads[0] != heads[1] or heads[0] in STOPWORDS:
        return []
    ra = [r for r in roles(texts[i], heads[0]) if r]
    rb = [r for r in roles(texts[j], heads[1]) if r]
    if len(ra) != 1 or len(rb) != 1 or SPEECH_MARKS.search(texts[i]) or SPEECH_MARKS.search(texts[j]):
        return []
    (x, y) = ra[0], rb[0]
    if x[0] != y[0] and x[1] != y[1] and verb_similarity(x[2], y[2], embedding) >= floor:
        key = "the " + heads[0]
        return [(Val(i, "role", key, x[0], x[2]), Val(j, "role", key, y[0], y[2]))]
    return []


BIRTHDAY_DAYS = 7  # two reports this near in time give one age; further apart, a birthday may lie between them


def age_conflicts(slots: Sequence[Slots], outlet: Sequence[str],
                  told_at: Sequence[str | None] | None = None) -> list[tuple[Val, Val]]:
    """Two outlets giving one named person different ages ("Lee, 48," against "47-year-old Ann Lee"): an age is the
    person's, so the two sentences need not say the same thing besides. Ages one year apart disagree only in reports
    published within :data:`BIRTHDAY_DAYS` of each other (``told_at``, ISO times): told months apart, or at times
    unknown, both may be true ("Ohanian, 33," when engaged, "Ohanian, 34," at his daughter's birth)."""
    told: dict[str, list[Val]] = defaultdict(list)
    for k, s in enumerate(slots):
        if not s.hedged:
            for q in counts(s):
                if q.key.startswith(AGE):
                    told[q.key].append(Val(k, "number", q.key, q.value, q.surface, q.low, q.high))
    return [(x, y) for vals in told.values() for n, x in enumerate(vals) for y in vals[n + 1:]
            if outlet[x.sentence] != outlet[y.sentence] and x.value != y.value
            and (abs(x.value - y.value) > 1 or _days_apart(told_at, x.sentence, y.sentence) <= BIRTHDAY_DAYS)]


def _days_apart(told_at: Sequence[str | None] | None, i: int, j: int) -> float:
    """Days between the publication of sentences ``i`` and ``j`` (infinite when either is unknown).

    >>> _days_apart(["2025-05-14T09:00:00Z", "2025-05-16T21:00:00Z"], 0, 1), _days_apart([None, "2025-05-16"], 0, 1)
    (2.5, inf)
    """
    a, b = (instant(told_at[k]) if told_at else None for k in (i, j))
    return math.inf if a is None or b is None else abs((a - b).total_seconds()) / 86400
