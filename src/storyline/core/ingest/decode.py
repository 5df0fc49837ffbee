"""Bytes to text: whether a file is binary (an image, an archive, a PDF) rather than text, and decoding text of
any common encoding.
"""

from __future__ import annotations


def binary_reason(raw: bytes) -> str | None:
    """'binary' when bytes are clearly not text (NULs or many control characters), else None.

    >>> binary_reason(b"\\x00\\x01\\x02PK\\x03\\x04" * 50)
    'binary'
    >>> binary_reason("Plain text, café.".encode()) is None
    True
    """
    sample = raw[:8192]
    if not sample:
        return None
    if b"\x00" in sample:
        return "binary"
    ctrl = sum(1 for b in sample if b < 32 and b not in (9, 10, 12, 13))
    return "binary" if ctrl / len(sample) > 0.05 else None


def _reads_as_text(raw: bytes) -> bool:
    """Whether bytes that are not UTF-8 read as text in some charset: ``charset_normalizer`` finds a decoding of
    little chaos (it samples long inputs, so the cost stays bounded)."""
    # charset detection: imported on the first page that needs it
    from charset_normalizer import from_bytes

    return from_bytes(raw).best() is not None


def decode_bytes(raw: bytes, declared: str | None = None) -> tuple[str, str | None]:
    """Decode bytes as text. Returns (text, reason) where reason is 'invalid_utf8' when too much was lost.

    Tries the declared charset, then UTF-8, then cp1252 when the bytes read as text in a single-byte charset
    (``charset_normalizer`` finds one without chaos): almost any bytes decode as cp1252, so that alone would keep
    garbage as mojibake. A handful of bad bytes are replaced rather than rejected.

    >>> decode_bytes("café".encode("utf-8"))
    ('café', None)
    >>> decode_bytes("The café on Dock Road reopened on Monday, its owner said.".encode("cp1252"))[1] is None
    True
    >>> decode_bytes(b"Port report " + bytes((i * 73 + 41) % 96 + 0xA0 for i in range(300)))[1]
    'invalid_utf8'
    """
    for enc in ([declared] if declared else []) + ["utf-8"]:
        try:
            return raw.decode(enc), None
        except (LookupError, UnicodeDecodeError):
            continue
    try:
        text = raw.decode("cp1252")
        if _reads_as_text(raw):
            return text, None
        return text, "invalid_utf8"
    except UnicodeDecodeError:
        pass
    text = raw.decode("utf-8", errors="replace")
    bad = text.count("\ufffd")
    return text, ("invalid_utf8" if bad > max(8, len(text) // 100) else None)
