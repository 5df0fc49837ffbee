"""Who a sentence is about, read from its dependency parse: the words that name its actors.

An actor is the subject, the object, the passive agent or the predicate noun of a clause, or a noun phrase that is a
whole line (a headline such as "Kim Jong Un: the dictator is back"), together with the names joined to it
(compounds, appositions and conjunctions: "Triple-A manager Wally Backman", "Mets and Yankees"). The subject of a
verb that reports another clause ("the Mets said" of "Backman resigned, the Mets said") is the source of a report,
not its actor, unless a named speaker tells of himself or herself ("Keller says he is not after the job"). Neither is
a possessor ("Trump's campaign manager") or a name in a prepositional phrase ("a speech on the GOP race").

Those two are a weaker kind: *attached* names, the proper nouns that possess an actor or hang on it through a
preposition ("workers at Solberg Glassworks", "Venmark Biosciences' tablet", "shares in Venmark"). They say whose
thing or people act, and :func:`attached_phrases` reads them apart from the actors.
"""

from __future__ import annotations

from storyline.core.nlp.parse import COMPONENTS as PIPELINE, Parse

# dependency labels (ClearNLP, as the checked English model gives them): a closed set
CORE = frozenset(("nsubj", "nsubjpass", "dobj", "dative", "attr", "oprd", "csubj"))
JOINED = frozenset(("compound", "flat", "appos", "conj", "nmod", "amod"))  # words that join a name to its head
REPORTED = frozenset(("ccomp",))  # the clause a reporting verb governs
PERSONAL = frozenset(("i", "he", "she"))  # the pronouns of a person, subject case: a closed class
NOMINAL = ("NOUN", "PROPN")  # the parts of speech that head a noun phrase
# what reading roles needs of the checked model: parts of speech and the dependency parse, not its names
COMPONENTS = tuple(c for c in PIPELINE if c not in ("lemmatizer", "ner"))


def actor_tokens(p: Parse) -> set[int]:
    """The indices of the tokens of ``p`` that name an actor of one of its clauses.

    >>> from storyline.core.nlp.parse import parse
    >>> p = parse(["Wally Backman resigned as manager of the Las Vegas 51s, the Mets said."], COMPONENTS)[0]
    >>> [p.tokens[k].text for k in sorted(actor_tokens(p))]
    ['Wally', 'Backman']
    >>> p = parse(["Arlow Rail chief Tomasz Keller says he is not after the chair's job."], COMPONENTS)[0]
    >>> [p.tokens[k].text for k in sorted(actor_tokens(p))]
    ['Arlow', 'Rail', 'chief', 'Tomasz', 'Keller', 'he']
    """
    out: set[int] = set()
    for k in range(len(p.tokens)):
        head = _phrase_head(p, k)
        if head is not None and _is_actor(p, head):
            out.add(k)
    return out


def attached_tokens(p: Parse) -> set[int]:
    """The indices of the tokens of ``p`` that name what an actor belongs to or hangs on (not the actors
    themselves): a proper noun that possesses an actor's noun, or is the object of a preposition that modifies it.

    >>> from storyline.core.nlp.parse import parse
    >>> p = parse(["Around 600 workers at Solberg Glassworks walked off the job on Monday."], COMPONENTS)[0]
    >>> [p.tokens[k].text for k in sorted(attached_tokens(p))]
    ['Solberg', 'Glassworks']
    >>> p = parse(["The agency approved pelvoran, Venmark Biosciences' tablet for migraine."], COMPONENTS)[0]
    >>> [p.tokens[k].text for k in sorted(attached_tokens(p))]
    ['Venmark', 'Biosciences']
    """
    actors = {_phrase_head(p, k) for k in actor_tokens(p)} - {None}
    out: set[int] = set()
    for k in range(len(p.tokens)):
        head = _phrase_head(p, k)
        if head is None or p.tokens[head].pos != "PROPN" or head in actors:
            continue
        if (owner := _owner(p, head)) is not None and owner in actors:
            out.add(k)
    return out


def _owner(p: Parse, k: int) -> int | None:
    """The head of the noun phrase that the name headed by ``k`` possesses or modifies through a preposition;
    None when it does neither."""
    t = p.tokens[k]
    if t.dep == "poss":
        return _phrase_head(p, t.head)
    if t.dep == "pobj" and p.tokens[t.head].dep == "prep":
        noun = p.tokens[t.head].head
        return _phrase_head(p, noun) if p.tokens[noun].pos in NOMINAL else None
    return None


def _phrase_head(p: Parse, k: int) -> int | None:
    """The head of the noun phrase token ``k`` is part of: climbing over compounds, appositions and conjunctions."""
    seen = {k}
    while p.tokens[k].dep in JOINED and p.tokens[k].head != k:
        k = p.tokens[k].head
        if k in seen:
            return None
        seen.add(k)
    return k


def _is_actor(p: Parse, k: int) -> bool:
    t = p.tokens[k]
    if t.dep == "ROOT":
        return t.pos in NOMINAL  # a line that is a noun phrase names what it is about
    if t.dep == "pobj":
        return p.tokens[t.head].dep == "agent"  # "was fired by the Mets"
    if t.dep not in CORE:
        return False
    if t.dep != "nsubj":
        return True
    reported = [c for c in p.children(t.head) if p.tokens[c].dep in REPORTED]
    return not reported or (t.pos == "PROPN" and any(_of_oneself(p, c) for c in reported))


def _of_oneself(p: Parse, clause: int) -> bool:
    """The reported clause's subject is a person's pronoun: the one who says it tells of himself or herself ("Keller
    says he is not after the job", "Smith denied that she had resigned"), and is an actor of the story."""
    return any(p.tokens[c].dep in ("nsubj", "nsubjpass") and p.tokens[c].text.lower() in PERSONAL
               for c in p.children(clause))


def actor_phrases(p: Parse) -> list[str]:
    """The runs of actor tokens of ``p`` (:func:`actor_tokens`), as written.

    >>> from storyline.core.nlp.parse import parse
    >>> actor_phrases(parse(["Mets fire Triple-A manager Wally Backman after a loss in Reno"], COMPONENTS)[0])
    ['Mets', 'Triple-A manager Wally Backman']
    """
    return _runs(p, actor_tokens(p))


def attached_phrases(p: Parse) -> list[str]:
    """The runs of attached tokens of ``p`` (:func:`attached_tokens`), as written.

    >>> from storyline.core.nlp.parse import parse
    >>> attached_phrases(parse(["Shares in Venmark soar on migraine trial results"], COMPONENTS)[0])
    ['Venmark']
    """
    return _runs(p, attached_tokens(p))


def _runs(p: Parse, tokens: set[int]) -> list[str]:
    out: list[str] = []
    last = -2
    for k in sorted(tokens):
        t = p.tokens[k]
        if k == last + 1 or (k == last + 2 and p.tokens[k - 1].text == "-"):
            start = p.tokens[out_start].idx
            out[-1] = p.text[start:t.idx + len(t.text)]
        else:
            out_start = k
            out.append(t.text)
        last = k
    return out
