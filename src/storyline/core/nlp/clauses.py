"""What a line is, read from the parse: a statement of its own, or a line that leans on another.

A *statement* has a main verb in a finite form with its subject ("Police arrested eight people", "The plant
employs 900"). A caption or a credit ("Vinay Chopra, a former Apotex worker."), a table row, a label or a prompt to
the reader ("Watch police detain the protesters here.", an imperative with no subject) is none.

A line *leans* on the one before it when it opens on a conjunction ("But the council ...") or when a personal or
demonstrative pronoun comes before any name ("He said ...", "Almost 1,000 workers had asked him ...", "This was
...")): told alone, its reader cannot tell who or what it is about. A first subject of "the" and a bare noun ("The
officials said ...") is *definite*: it stands for a thing named before, which a reader knows only where the story
has named it.

A line's *main clause* is its first sentence's root and what hangs on it, less the clauses that only describe a
noun (relative clauses, "whose pay was going to a vote"; appositions) or set a time or reason (adverbial clauses):
a modal or a negation there says nothing of whether the line's own statement holds.

Everything here reads the parser's tags and dependency labels (closed classes of grammar), not words.
"""

from __future__ import annotations

from dataclasses import dataclass

from storyline.core.nlp import anchors
from storyline.core.nlp.anchors import AUXILIARY
from storyline.core.nlp.parse import Parse
from storyline.core.text.text import outside_quotes

SUBJECT = anchors.SUBJECT | {"csubj", "csubjpass", "expl"}  # a clause or "there" may be a subject too
FINITE = frozenset(("VBD", "VBZ", "VBP", "MD"))  # past, present and modal: the tags of a finite verb
NONFINITE = frozenset(("VBG", "VBN"))  # the participles: "-ing" and past participle
PRONOUN_TAGS = frozenset(("PRP", "PRP$"))  # personal and possessive pronouns ("he", "them", "its")
WH = frozenset(("WP", "WDT", "WRB", "WP$"))  # wh-words: "what", "which", "where", "whose"
PLURAL_NOUNS = frozenset(("NNS", "NNPS"))  # the tags of a plural noun, common and proper: "officers", "Democrats"


@dataclass(frozen=True, slots=True)
class Line:
    """``statement``: the line's first sentence has a finite main verb with a subject; ``leans``: it needs the line
    before it to be understood."""

    statement: bool
    leans: bool
    definite: str = ""  # the noun of a first subject of "the" and a bare noun ("The officials said ..."), as written


def _finite(p: Parse, k: int) -> bool:
    """Token ``k`` is a verb in a finite form, or a participle or infinitive with a finite auxiliary ("has been
    arrested", "will close")."""
    t = p.tokens[k]
    if t.pos not in ("VERB", "AUX"):
        return False
    return t.tag in FINITE or any(p.tokens[c].dep in AUXILIARY and p.tokens[c].tag in FINITE for c in p.children(k))


def statement(p: Parse) -> bool:
    """The parsed line's first sentence has a main verb in a finite form with its subject: a statement, not a
    caption, a label, a noun phrase or a prompt to the reader."""
    start, end = p.sentences[0] if p.sentences else (0, len(p.tokens))
    roots = [k for k in range(start, end) if p.tokens[k].head == k]
    if not roots:
        return False
    r = roots[0]
    return _finite(p, r) and any(p.tokens[c].dep in SUBJECT for c in p.children(r))


def _bare_definite(p: Parse, k: int) -> bool:
    """Token ``k`` heads a noun phrase of the definite article and a noun alone ("the officials", "the source"):
    a thing named before, not here."""
    kids = p.children(k)
    return (p.tokens[k].pos == "NOUN" and len(kids) == 1 and p.tokens[kids[0]].dep == "det"
            and p.tokens[kids[0]].text.lower() == "the")


def _leans(p: Parse) -> bool:
    words = [k for k, t in enumerate(p.tokens) if t.pos not in ("PUNCT", "SPACE")]
    if not words:
        return False
    if p.tokens[words[0]].pos == "CCONJ":
        return True
    for k in words:
        t = p.tokens[k]
        if t.pos == "PROPN":
            return False  # a name comes first: what a later pronoun stands for may be in the line
        if t.dep != "expl" and (t.tag in PRONOUN_TAGS or t.pos == "PRON" and t.tag == "DT" and t.dep in SUBJECT):
            return True
    return False


# clauses that describe a noun or set a circumstance: a modal or negation inside them is not the statement's
ASIDES = frozenset(("relcl", "acl", "appos", "advcl"))


def main_clause(p: Parse) -> frozenset[int]:
    """The tokens of the first sentence's main clause: the root and all below it, less the subtrees of
    :data:`ASIDES`.

    >>> from storyline.core.nlp.parse import parse
    >>> p, = parse(["The bank froze 640,000 crowns in accounts that had not been touched."])
    >>> " ".join(p.tokens[k].text for k in sorted(main_clause(p)))
    'The bank froze 640,000 crowns in accounts .'
    """
    start, end = p.sentences[0] if p.sentences else (0, len(p.tokens))
    roots = [k for k in range(start, end) if p.tokens[k].head == k]
    if not roots:
        return frozenset()
    return p.subtree(roots[0], lambda c: p.tokens[c].dep not in ASIDES and not _free_relative(p, c))


def _free_relative(p: Parse, k: int) -> bool:
    """Token ``k`` heads a clause opened by a wh-word ("has done what was needed", "asked what would happen"): a
    thing or a question named, not a statement the line makes."""
    return p.tokens[k].dep == "ccomp" and any(p.tokens[c].tag in WH for c in p.children(k))


def asserts(p: Parse, hedges: frozenset[str], negations: frozenset[str]) -> bool:
    """The main clause states its fact outright: no word of ``hedges`` (modals, "if", "expected") or ``negations`` in
    it, no condition ("if ...") set on it, and no question. A modal of reported speech ("officials said the plant
    would close") hedges nothing.

    >>> from storyline.core.nlp.parse import parse
    >>> h, n = frozenset({"would", "may", "if", "needed"}), frozenset({"not", "n't", "no"})
    >>> [asserts(p, h, n) for p in parse(["Dudley, whose pay was going to a vote on April 14, has done what was needed.",
    ...                                   "The plant may close on Friday.", "Officials said the plant would close.",
    ...                                   "If the talks fail, the plant would close.", "The plant did not close."])]
    [True, False, True, False, False]
    """
    scope = main_clause(p)
    if not scope:
        return False
    if any(p.tokens[k].text == "?" for k in scope):
        return False
    speech = any(p.tokens[k].dep == "ccomp" for k in scope)  # a reported clause: its "would" is backshift
    for k in scope:
        w = p.tokens[k].text.lower()
        if w in negations or p.tokens[k].dep == "neg":
            return False
        if w in hedges and not (w == "would" and speech):
            return False
    root = min(scope, key=lambda k: (p.tokens[k].head != k, k))
    for c in p.children(root):  # "if the talks fail, ...": a condition set on the main clause
        if p.tokens[c].dep == "advcl" and any(p.tokens[m].dep == "mark" and p.tokens[m].text.lower() in hedges
                                             for m in p.children(c)):
            return False
    return True


QUOTE_MARKS = frozenset('"“‘\'«')  # what opens a quotation (a closed class of marks)


def not_told(p: Parse) -> str | None:
    """Why the parsed line is no sentence of the story a reader can be shown, or None:

    - ``"prompt"``: a command to the reader, a verb in its base form with no subject ("Add Donald Trump as an
      interest", "Check out the questions", "Please visit the settings menu"), outside quotation marks;
    - ``"address"``: the page's own words to its reader, a main clause whose subject is "you" outside quotation
      marks ("You can follow their journey on The One Show"), or one that asks "anyone" to do something
      (:func:`asks_anyone`: "Anyone with information is asked to call ...");
    - ``"label"``: no finite verb anywhere, and no verb heads any of its sentences (a caption, a credit, a label:
      "Vinay Chopra, a former Apotex worker."); or one sentence that is a noun phrase, its noun with a determiner or
      an adjective of its own and any finite verb in a clause that describes a noun (a title, a teaser: "A racing
      game where players steer with their hands.", :func:`noun_phrase`); or a line wholly in brackets that opens on
      words with no verb and a colon, a pointer to what follows ("(Also on POLITICO: GOP splits over Mourdock
      comment)", "(PHOTOS: Other pols who made the full Ginsburg)");
    - ``"table"``: cells between bars ("| DL | Larry Ogunjobi | 63 |");
    - ``"fragment"``: the tail of a sentence cut in two: it opens on a small letter ("leaked by Steele himself"),
      it opens on a finite verb that has no subject ("Were sued by Michael Egan last month"), it is a relative
      clause without its noun ("Which led to the attack"), or a participle with no subject heads it and no verb of
      it is finite ("Leading this wave, the Harbour Tower."; with a subject, "questions still lingered", the tagger
      took a past tense for a participle).

    >>> from storyline.core.nlp.parse import parse
    >>> [not_told(p) for p in parse(["Add Donald Trump as an interest to stay up to date.",
    ...                              "Vinay Chopra, a former Apotex worker.", "leaked by Steele himself to Yahoo News.",
    ...                              "Police arrested eight people on Monday.", '"Stop the count," the mayor said.',
    ...                              "The Finnish Art of Drinking at Home.", "Leading this wave, the Harbour Tower."])]
    ['prompt', 'label', 'fragment', None, None, 'label', 'fragment']
    >>> [not_told(p) for p in parse(["(Also on the Courier: Council splits over the fare rise)",
    ...                              "(The council has strictly limited access to the site.)"])]
    ['label', None]
    """
    text = p.text.lstrip()
    kind = shaped(text)
    if kind is not None:
        return kind
    roots = p.roots()
    if not roots or text[:1] in QUOTE_MARKS:
        return None  # what someone said: whether it has its speaker is another question (context.context_need)
    if (not any(t.tag in FINITE for t in p.tokens) and not any(p.tokens[r].pos in ("VERB", "AUX") for r in roots)) \
            or noun_phrase(p) or _pointer(p):
        return "label"
    r = roots[0]
    kids = p.children(r)
    subject = [c for c in kids if p.tokens[c].dep in SUBJECT]
    if p.tokens[r].tag == "VB" and not subject and not any(p.tokens[c].dep in AUXILIARY for c in kids):
        return "prompt"
    if subject and p.tokens[subject[0]].person == "2" and outside_quotes(p.text)[
            p.tokens[subject[0]].idx:p.tokens[subject[0]].idx + 3].strip():
        return "address"  # the page speaks to its reader ("You can follow their journey on ...")
    if subject and asks_anyone(p, r, subject[0]):
        return "address"  # the page asks its reader, in the third person ("Anyone with information is asked to ...")
    first = min(k for k, t in enumerate(p.tokens) if t.pos not in ("PUNCT", "SPACE"))
    if text.rstrip().endswith("?"):
        return None
    if not subject and (first == r or p.tokens[first].head == r and p.tokens[first].dep in AUXILIARY) \
            and p.tokens[first].tag in ("VBD", "VBZ", "MD"):
        return "fragment"  # it opens on its finite verb, whose subject was cut away ("Were sued by Michael Egan")
    if subject and subject[0] == first and p.tokens[first].tag in WH:
        return "fragment"  # a relative clause without its noun ("Which led to the attack on the Capitol.")
    if p.tokens[r].tag in NONFINITE and not subject and not any(t.tag in FINITE for t in p.tokens):
        return "fragment"  # a participle heads it and no verb is finite: no statement ("Leading this wave, the tower.");
        # with a subject of its own it is a past tense the tagger took for a participle ("questions still lingered")
    return None


def shaped(text: str) -> str | None:
    """What a line is by its shape alone, in any language written in two cases: ``"table"`` (cells between bars),
    ``"fragment"`` (it opens on a small letter: the tail of a sentence cut in two; or it ends on a colon: the lead-in
    to a quotation, a photo or a list that is not there, "Rep. Ken Buck tweeted this photo of himself yesterday:"),
    or None.

    >>> shaped("für eine Darstellung moderner Websites kaum mehr zu gebrauchen ist."), shaped("Die Mähne wächst.")
    ('fragment', None)
    >>> shaped("| DL | Larry Ogunjobi | 63 |")
    'table'
    """
    t = text.strip()
    if t.count("|") >= 2:
        return "table"  # cells between bars
    # it opens on a small letter, or it ends on a colon: what it introduces (a quotation, a photo, a list) is not here
    return "fragment" if (t[:1].isalpha() and t[:1].islower()) or t.endswith(":") else None


def _pointer(p: Parse) -> bool:
    """A line wholly in brackets that opens on words with no verb, then a colon: the page points to something else
    ("(Also on POLITICO: ...)", "(PHOTOS: ...)"), it tells nothing of the story."""
    text = p.text.strip().rstrip(".")
    if text[:1] not in "([" or text[-1:] not in ")]" or ":" not in text:
        return False
    colon = p.text.index(":")
    before = [t for t in p.tokens if t.idx < colon and t.pos not in ("PUNCT", "SPACE")]
    return bool(before) and not any(t.pos in ("VERB", "AUX") for t in before)


_DESCRIBING = frozenset(("relcl", "acl"))  # a clause that describes a noun


def noun_phrase(p: Parse) -> bool:
    """Whether the parsed line is one sentence that is a noun phrase: its root a noun with a determiner or an
    adjective of its own (a possessive is a determiner: "A rider's guide"), and every finite verb in it inside a
    clause that describes a noun. A title or a teaser ("A racing game where players can steer using their
    hands."), not a statement of the story.

    >>> from storyline.core.nlp.parse import parse
    >>> [noun_phrase(p) for p in parse(["A racing game where players can steer using their hands.",
    ...                                 "A racing game that players steer with their hands sold a million copies."])]
    [True, False]
    """
    if len(p.sentences) != 1:
        return False
    start, end = p.sentences[0]
    root = first_root(p)
    if root is None or p.tokens[root].pos not in ("NOUN", "PROPN") or not any(
            p.tokens[c].pos == "DET" or p.tokens[c].dep == "poss" or p.tokens[c].tag == "JJ" for c in p.children(root)):
        return False

    def described(k: int) -> bool:
        while p.tokens[k].head != k:
            if p.tokens[k].dep in _DESCRIBING:
                return True
            k = p.tokens[k].head
        return False

    return all(described(k) for k in range(start, end) if p.tokens[k].tag in FINITE)


def subject_need(p: Parse) -> str | None:
    """The name a reader must have been told before the parsed line, or None: the subject of its main clause is
    one proper noun alone ("Kritzer declined to comment", "..., Luray said"), a surname or a short name that stands
    for someone named in full before it.

    >>> from storyline.core.nlp.parse import parse
    >>> [subject_need(p) for p in parse(["Kritzer declined to comment on the actor's condition.",
    ...                                  "Publicist Alan Kritzer declined to comment.",
    ...                                  "Police arrested eight people on Monday."])]
    ['Kritzer', None, None]
    """
    root = first_root(p)
    if root is None:
        return None
    for s in (c for c in p.children(root) if p.tokens[c].dep in SUBJECT):
        phrase = [k for k in p.subtree(s) if p.tokens[k].pos not in ("PUNCT", "SPACE")]
        if phrase == [s] and p.tokens[s].pos == "PROPN" and p.tokens[s].text[:1].isupper():
            return p.tokens[s].text
    return None


def first_root(p: Parse) -> int | None:
    """The root of the parsed line's first sentence (its main verb, or the head of a verbless line), or None."""
    start, end = p.sentences[0] if p.sentences else (0, len(p.tokens))
    return next((k for k in range(start, end) if p.tokens[k].head == k), None)


DEFINITE = frozenset(("the", "these", "those"))  # the determiners of a noun the reader already knows


def told_count(p: Parse, k: int) -> bool:
    """Token ``k`` is a number counting a noun the reader has been told of: in a definite noun phrase ("the two
    hard-line regimes", "those three men"), a count that refers back, not news of its own.

    >>> from storyline.core.nlp.parse import parse
    >>> p, = parse(["Troops fired on crowds as the two regimes struck back at 40 towns."])
    >>> [(p.tokens[k].text, told_count(p, k)) for k, t in enumerate(p.tokens) if t.tag == "CD"]
    [('two', True), ('40', False)]
    """
    t = p.tokens[k]
    if t.tag != "CD" or t.dep != "nummod" or t.head == k:
        return False
    return any(p.tokens[c].dep == "det" and p.tokens[c].text.lower() in DEFINITE for c in p.children(t.head))


# the indefinite pronouns of free choice, whoever reads the line among them
ANYONE = frozenset(("anyone", "anybody", "whoever"))
_ASKING = frozenset(("should", "can", "may"))  # the modals of advice and leave


def asks_anyone(p: Parse, verb: int, subject: int) -> bool:
    """A clause that asks or lets anyone do something: its subject is "anyone" (of :data:`ANYONE`) and its verb
    is advised or allowed by a modal ("Anyone with information should call police") or asked in the passive to do
    it ("Anyone who saw the crash is asked to contact the station"): the page's request to its reader, told in the
    third person. What anyone could face, or did, is told ("Anyone found guilty could face ten years").

    >>> from storyline.core.nlp.parse import parse
    >>> [asks_anyone(p, p.roots()[0], 0) for p in parse(["Anyone with information is asked to call Officer Dorr.",
    ...                                                  "Anyone with information should contact police.",
    ...                                                  "Anyone found guilty could face ten years in prison."])]
    [True, True, False]
    """
    if p.tokens[subject].text.lower() not in ANYONE:
        return False
    kids = [p.tokens[c] for c in p.children(verb)]
    return any(t.tag == "MD" and t.text.lower() in _ASKING for t in kids) or (
        any(t.dep == "auxpass" for t in kids) and any(t.dep == "xcomp" for t in kids))


# the personal pronouns that stand for someone or something named elsewhere ("it" only as a verb's doer: below)
THIRD_PERSON = frozenset(("he", "she", "they", "it"))
POSSESSIVE = frozenset(("his", "her"))  # what is of a person the pronoun "he" or "she" stands for
# the second person, where a line's words alone must say it may be the page's words to its reader (whether it is, is
# the parse's: the pronoun's person, from the model's morphology)
SECOND_PERSON = frozenset(("you",))
_EXTRAPOSED = frozenset(("ccomp", "xcomp", "csubj"))  # "It seems that ...", "It remains to be seen ...": no referent


def pronoun_subject(p: Parse) -> bool:
    """The subject of the parsed line's main clause is a personal pronoun in the third person ("it" only as the
    doer of a verb other than "be", with no clause told after it) with nothing it can stand for before it in the
    line, outside quotation marks: no name, no noun that is a clause's subject, none plural for "he", "she" or "it"
    ("In it, he argued ...", "Last week, she told ...", '"We just left," he tells Wertheim.', "It issued another
    notice", "No officers fired shots, he said"). Who "he" is, only an earlier line can say. "If a cheerleader
    posed, she could ..." names her first.

    >>> from storyline.core.nlp.parse import parse
    >>> [pronoun_subject(p) for p in parse(["In a statement, she said the harbour would reopen.",
    ...                                     "If a driver stops, she could be fined.",
    ...                                     "Police said they arrested eight people.",
    ...                                     "It issued another notice on Thursday.",
    ...                                     "It is unclear whether the harbour will reopen.",
    ...                                     "No officers fired shots during the arrest, he said."])]
    [True, False, False, True, False, True]
    """
    return unreferred_subject(p) is not None


def unreferred_subject(p: Parse) -> int | None:
    """The index of the pronoun that :func:`pronoun_subject` finds the line's subject, or None."""
    root = first_root(p)
    if root is None:
        return None
    start = p.sentences[0][0]
    subject = [c for c in p.children(root) if p.tokens[c].dep in SUBJECT]
    if not subject or p.tokens[subject[0]].tag != "PRP" or p.tokens[subject[0]].text.lower() not in THIRD_PERSON:
        return None
    if p.tokens[subject[0]].text.lower() == "it" and (
            p.tokens[root].lemma == "be" or p.tokens[root].pos == "AUX"
            or any(p.tokens[c].dep in _EXTRAPOSED for c in p.children(root))):
        return None  # "it" of a state or of a clause told after it ("It is unclear whether ..."), not a doer's
    quoted = False
    singular = p.tokens[subject[0]].text.lower() != "they"
    for k in range(start, subject[0]):
        t = p.tokens[k]
        if t.text in QUOTE_MARKS or t.text in ("”", "’"):
            quoted = not quoted if t.text in ('"', "'") else t.text in QUOTE_MARKS
        elif not quoted and (t.pos == "PROPN" or (t.pos == "NOUN" and t.dep in SUBJECT)) \
                and not (singular and t.tag in PLURAL_NOUNS):
            return None  # a name, or the subject of a clause before it ("If a driver stops, she ..."); "he" is
            # no plural's ("No officers fired shots, he said": who is he?)
    return None if quoted else subject[0]  # inside a quotation, the speaker's "they" is the speaker's to explain


def read_line(p: Parse) -> Line:
    """What the parsed line is.

    >>> from storyline.core.nlp.parse import parse
    >>> [read_line(p).statement for p in parse(["Police arrested eight people on Monday.",
    ...                                         "Vinay Chopra, a former Apotex worker.",
    ...                                         "Watch police detain the protesters here."])]
    [True, False, False]
    >>> read_line(parse(["The officials said the plant would close."])[0]).definite
    'officials'
    >>> [read_line(p).leans for p in parse(["Almost 1,000 workers had asked him to restart production, he said.",
    ...                                     "But the council rejected the plan.", "Lesser said he was incredulous.",
    ...                                     "There were 12 people on board."])]
    [True, True, False, False]
    """
    words = [k for k, t in enumerate(p.tokens) if t.dep in SUBJECT]
    definite = p.tokens[words[0]].text if words and _bare_definite(p, words[0]) else ""
    return Line(statement(p), _leans(p), definite)


OPENERS = frozenset(("(", "[", "“", "‘"))
CLOSERS = frozenset((")", "]", "”", "’"))
SEPARATORS = frozenset((":", ";", "—", "–"))


def punctuated(p: Parse, kept: set[int]) -> set[int]:
    """``kept`` with the punctuation and conjunctions its words still need, and no other: a comma or stop stays
    between two words that both stay; a colon, semicolon or dash while words stay on both sides of it (two clauses
    are never run together); an opening quotation mark or bracket with the word after it, a closing one with the
    word before it; a conjunction with a conjunct after it."""
    words = [k for k in range(len(p.tokens)) if p.tokens[k].pos not in ("PUNCT", "SPACE")]
    out = {k for k in kept if p.tokens[k].pos not in ("PUNCT", "SPACE", "CCONJ")}
    for k in kept - out:
        t = p.tokens[k]
        before = max((w for w in words if w < k), default=None)
        after = min((w for w in words if w > k), default=None)
        if t.pos == "CCONJ":  # with a conjunct after it, or inside what is kept ("between 1943 and the 1970s")
            keep = any(c > k and c in kept and p.tokens[c].dep == "conj" for c in p.children(t.head)) or (
                before in kept and after in kept)
        elif t.text in OPENERS or (t.text == '"' and _opens(p, k)):
            keep = after in kept
        elif t.text in CLOSERS or t.text == '"':
            keep = before in kept
        elif t.text in SEPARATORS:  # between two clauses: kept while words stay on both sides of it
            keep = any(w in out for w in words if w < k) and any(w in out for w in words if w > k)
        else:
            keep = before in kept and after in kept
        if keep:
            out.add(k)
    for k in sorted(out):  # an aside kept between commas keeps the comma that closes it ("Chapa, 18, is ...")
        below = p.subtree(k)
        lo, hi = min(below), max(below)
        if p.tokens[k].dep == "appos" and lo - 1 in out and p.tokens[lo - 1].text == "," and hi + 1 < len(p.tokens) \
                and p.tokens[hi + 1].text == "," and below <= out | {j for j in below if p.tokens[j].pos == "PUNCT"}:
            out.add(hi + 1)
    order = sorted(out)  # nothing but a quotation mark or a bracket at either end
    while order and p.tokens[order[0]].pos in ("PUNCT", "CCONJ") and not (
            p.tokens[order[0]].text in OPENERS or p.tokens[order[0]].text == '"'):
        out.discard(order.pop(0))
    while order and p.tokens[order[-1]].pos in ("PUNCT", "CCONJ") and not (
            p.tokens[order[-1]].text in CLOSERS or p.tokens[order[-1]].text == '"'):
        out.discard(order.pop())
    return out


def _opens(p: Parse, k: int) -> bool:
    """A straight quotation mark that opens a quotation: a space (or nothing) before it, a word right after it."""
    i = p.tokens[k].idx
    return (i == 0 or p.text[i - 1].isspace()) and i + 1 < len(p.text) and not p.text[i + 1].isspace()


def render(p: Parse, kept: set[int]) -> str:
    """The kept tokens as text, spaced as the sentence spaced them, a space where a cut closed a gap, the first
    letter a capital."""
    order = sorted(kept)
    out = []
    for n, k in enumerate(order):
        t = p.tokens[k]
        out.append(t.text)
        if n + 1 < len(order):
            nxt = order[n + 1]
            n_idx = p.tokens[nxt].idx
            if p.tokens[nxt].text in (",", ".", ";", ":", ")", "]") or p.tokens[nxt].text.startswith(("'", "’")) \
                    or p.tokens[nxt].tag == "''":  # a closing mark: spaced as it was written
                out.append(" " if n_idx > 0 and p.text[n_idx - 1].isspace() else "")  # as it was written before it
            else:
                spaced = p.text[t.idx + len(t.text): t.idx + len(t.text) + 1].isspace()
                out.append(" " if spaced or nxt != k + 1 else "")
    text = "".join(out).strip()
    return text[:1].upper() + text[1:]
