"""Negation, hedging and denial, read off closed classes of grammar only: whether a sentence's main clause is negated,
hedged (a modal, a condition, a question) or a denial, and what a negation is of ("refused to concede" -> conced).
"""

from __future__ import annotations

import re

from storyline.core.text.text import SPEECH_VERBS, STOPWORDS, stem
from storyline.lexicon import one_of, word_list


NEGATION = word_list("negation/negation.txt")
# verbs whose complement did not happen ("refused to sign" = did not sign): a closed class of implicatives
NEGATIVE_IMPLICATIVES = word_list("negation/negative_implicatives.txt")
DENIALS = frozenset("denied denies deny rejected rejects disputed disputes".split())  # X denied that ...
MODALS = word_list("negation/modals.txt")


# one word, with its inner apostrophes and hyphens ("didn't", "so-called")
WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


_CLAUSES = re.compile(r"\s(?:who|which|because|although|though|while|whereas|after|before|when|if|unless)\s"
                      r"|\s*[—–;:]\s*|,\s+(?:and|but)\s+(?=the\b|it\b|he\b|she\b|they\b)")
# every word that can negate, hedge or deny a clause (one scan rules most sentences out)
_ADDITIVE = frozenset("just only merely simply".split())  # "not just", "not only": a closed class
_POLARITY_WORDS = re.compile(r"\b" + one_of(NEGATION | MODALS | NEGATIVE_IMPLICATIVES | DENIALS) + r"\b|n[’']t\b", re.I)


def negation_of(text: str, reported: bool = False) -> tuple[bool, bool, bool, bool]:
    """(negated, hedged, attributed denial, provisional) of the sentence's main clause, read off closed classes
    only; provisional: hedged only as a negation of what has not happened yet ("has not yet signed").

    >>> negation_of("The council did not approve the plan."), negation_of("The mayor may resign.")
    ((True, False, False, False), (False, True, False, False))
    >>> negation_of("The club has not yet signed him.")
    (False, True, False, True)
    """
    text = text.replace("’", "'")
    if not _POLARITY_WORDS.search(text):
        return False, text.rstrip().endswith("?"), False, False  # most sentences: nothing negated, hedged or denied
    text = _ASIDE.sub(" ", text)  # "The mayor, who did not attend, said ...": an aside is not the main clause
    text = _CONTRAST.sub(" ", text)  # "from a standing model, not a crucified man": a contrast negates no predicate
    parts = _CLAUSES.split(text)
    # the main clause: the first part long enough to hold one ("The press — the public doesn't believe ...")
    body = next((p for p in parts if p and len(p.split()) >= 4), parts[0] or text)
    words = [w.lower() for w in WORD.findall(body)]
    # "the company said the plant would close": reported speech shifts "will" to "would"; that asserts, not hedges
    backshift = reported or (any(w in SPEECH_VERBS for w in words[: words.index("would")]) if "would" in words else False)
    hedged = text.rstrip().endswith("?") or any(w in MODALS and not (w == "would" and backshift) for w in words)
    # "linked to 9 crashes and no injuries": a negated object in a list, not a negated predicate
    # "not just heart attacks", "not only X but Y": an addition, not a denial
    neg = any((w in NEGATION or w.endswith("n't")) and not (w == "no" and k and words[k - 1] in ("and", "or", "but")
                                                              and _list_end(body, k))
              and (k + 1 >= len(words) or words[k + 1] not in _ADDITIVE)
              for k, w in enumerate(words)) or any(
        w in NEGATIVE_IMPLICATIVES and nxt == "to" and not nxt2[:1].isdigit()  # "declined to 2 percent" is a fall
        for w, nxt, nxt2 in zip(words, words[1:], words[2:] + [""]))
    denial = any(w in DENIALS for w in words)
    if neg and _NOT_YET.search(body):
        # "it is not clear how many were hurt", "police have not named the driver", "will not reopen until Monday":
        # what is not known yet, or not before a time, asserts nothing that a later or fuller report contradicts
        done_yet = _NOT_DONE_YET.search(body) and not _NOT_YET.search(_NOT_DONE_YET.sub(" ", body))
        return False, True, denial, bool(done_yet) and not hedged
    return neg, hedged, denial, False


# "X, not Y": a negated phrase set against another, after a comma; it denies no predicate
_CONTRAST = re.compile(r",\s+not\s+(?:(?:a|an|the|only|just|some|his|her|their|its)\s+)?[^,;.]*", re.I)
# what opens a negated predicate: the closed classes above ("without" negates a noun phrase, not a predicate)
_NEGATOR = re.compile(r"\b" + one_of((NEGATION - {"without"}) | NEGATIVE_IMPLICATIVES | DENIALS) + r"\b|n[’']t\b", re.I)
_NEG_SKIP = word_list("negation/neg_skip.txt")


def root(term: str) -> str:
    """A stem without the endings that tell forms of one word apart ("concede", "conceded": conced)."""
    return term[:-1] if len(term) > 4 and term[-1] in "eyi" else term


def denied_roots(text: str) -> frozenset[str]:
    """Roots of the first content words after the main clause's negation or denial: what it says did not happen
    ("refused to concede" -> conced; "no one was injured" -> injur; "denied that the plant would close" -> plant,
    clos).

    >>> sorted(denied_roots("No one was injured in the blaze.")), sorted(denied_roots("Heston refused to concede."))
    (['blaz', 'injur'], ['conced'])
    """
    body = _ASIDE.sub(" ", text.replace("’", "'"))
    m = _NEGATOR.search(body)
    return frozenset(_content_after(body[m.end():], 8, 3)) if m else frozenset()


def denied_words(text: str) -> list[str]:
    """Roots of the first content words after the main clause's negation, in order: the predicate it denies, then
    what it is denied of ("did not affect emergency services" -> affect, emerg, servic; "no one was injured" ->
    injur).

    >>> denied_words("The outage did not affect emergency services."), denied_words("It rained.")
    (['affect', 'emergenc', 'servic'], [])
    """
    body = _ASIDE.sub(" ", text.replace("’", "'"))
    m = _NEGATOR.search(body)
    return _content_after(body[m.end():], 8, 3) if m else []


def _content_after(text: str, window: int, most: int) -> list[str]:
    """Roots of the first ``most`` content words among the first ``window`` words of ``text``: what a negation
    before it is of."""
    words = [w.lower() for w in WORD.findall(text)[:window]]
    return [root(stem(w)) for w in words if w.isalpha() and w not in _NEG_SKIP and w not in STOPWORDS
            and not w.endswith("ly")][:most]


# a negation proper: what follows it did not happen ("not yet signed", "no one was hurt", "refused to sign"); a
# denial ("denied", "rejected") is an act of its own and not read here
_NEGATION_OF = re.compile(r"\b" + one_of(NEGATION | NEGATIVE_IMPLICATIVES) + r"\b|n[’']t\b", re.I)


def negated_heads(text: str, without: bool = True) -> frozenset[str]:
    """Roots of what each negation of ``text`` is of: the first content word after "not", "no", "never", "refused
    to" ... and, unless ``without`` is False, "without" ("released without charge").

    >>> sorted(negated_heads("Hartig has not yet signed the order; no one was hurt.")), negated_heads("Held without charge")
    (['hurt', 'sign'], frozenset({'charg'}))
    >>> negated_heads("Thousands without power", without=False)
    frozenset()
    """
    heads = set()
    for m in _NEGATION_OF.finditer(text.replace("’", "'")):
        if not without and m.group().lower() == "without":
            continue
        heads.update(_content_after(text[m.end():m.end() + 80], 6, 1))
    return frozenset(heads)


def negated_clauses(text: str, at: bool = False) -> list:
    """The clauses of ``text`` that hold a negation (not "without"), from the clause break before it to the one
    after: who did not do what; with ``at``, each with the offset of its negation.

    >>> negated_clauses("Mayor Ann Shaw did not attend the vigil, despite saying she would; 400 people came.")
    ['Mayor Ann Shaw did not attend the vigil']
    >>> negated_clauses("No one was hurt.", at=True), negated_clauses("Thousands were left without power.")
    ([('No one was hurt', 0)], [])
    """
    out = []
    for m in _NEGATION_OF.finditer(text.replace("’", "'")):
        if m.group().lower() == "without":
            continue
        start = max(text.rfind(c, 0, m.start()) for c in ",;:") + 1
        ends = [k for k in (text.find(c, m.end()) for c in ",;:") if k >= 0]
        clause = text[start:min(ends) if ends else len(text)]
        lead = len(clause) - len(clause.lstrip())
        clause = clause.strip().rstrip(".")
        out.append((clause, m.start() - start - lead) if at else clause)
    return out


_ASIDE = re.compile(r",\s+(?:who|which|whose|whom|where)\s[^,;]*,")
# what has not been done yet ("not yet", "has not signed"): one kind of what a later report may tell otherwise
_NOT_DONE = r"\bnot\s+yet\b|\b(?:has|have|had)\s*(?:not|n't)\s+(?:yet\s+)?(?:been\s+)?[a-z]+ed\b"
_NOT_DONE_YET = re.compile(_NOT_DONE, re.I)
_NOT_YET = re.compile(r"\b(?:not|n't)\s+(?:(?:yet|been|immediately|entirely|fully|publicly|officially)\s+)*"
                      r"(?:clear|known|certain|sure|confirmed|determined|established|disclosed|released|identified)\b"
                      r"|" + _NOT_DONE +
                      r"|\b(?:not|n't)\b[^.;]*?\b(?:until|till|before)\b|\bunclear\b|\bunknown\b", re.I)


def _list_end(body: str, k: int) -> bool:
    """The k-th word of ``body`` ("no") opens the last item of a list that ends the clause ("linked to 9 crashes and
    no injuries."), not a clause of its own ("..., and no officers fired shots")."""
    words = WORD.findall(body)
    tail = body[body.find(words[k], sum(len(w) for w in words[:k])):]
    clause = re.split(r"[,;:.!?]", tail, maxsplit=1)[0]
    return len(clause.split()) <= 3
