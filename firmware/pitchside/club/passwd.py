"""Mosquitto's password file, as text: its users, and a user's line hashed the way
``mosquitto_passwd`` of Mosquitto 2.0 hashes it (``$7$``: PBKDF2-HMAC-SHA512, a 12-byte
salt, 101 iterations, 64 bytes, both in standard base64), so that ``pitchside club
add-table`` needs no password on a command line. Pure: the caller gives the salt.

The passwords ``pitchside club`` makes are 24 random bytes (``secrets``), so Mosquitto's
own iteration count is kept: no one guesses 192 random bits, however fast the hash.
"""

from __future__ import annotations

import base64
import hashlib

ITERATIONS = 101
"""Mosquitto 2.0's default (``mosquitto_passwd``'s ``PW_DEFAULT_ITERATIONS``)."""

SALT_BYTES = 12


def hashed_line(user: str, password: str, salt: bytes, iterations: int = ITERATIONS) -> str:
    """``user:$7$ITERATIONS$SALT$HASH``: one line of the password file (no newline).

    :raises ValueError: a user name with ``:`` or a line break, or an empty one.
    """
    if not user or ":" in user or "\n" in user or "\r" in user:
        raise ValueError(f"a broker user name must be non-empty, without ':' or line breaks, not {user!r}")
    digest = hashlib.pbkdf2_hmac("sha512", password.encode("utf-8"), salt, iterations, 64)
    return f"{user}:$7${iterations}${base64.b64encode(salt).decode()}${base64.b64encode(digest).decode()}"


def users(text: str) -> list[str]:
    """The user names of a password file's text, in order (blank and ``#`` lines skipped)."""
    out = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            out.append(line.partition(":")[0])
    return out


def with_user(text: str, line: str) -> str:
    """The password file's ``text`` with ``line`` added at its end.

    :raises ValueError: the user is in it already.
    """
    user = line.partition(":")[0]
    if user in users(text):
        raise ValueError(f"the broker has a user {user!r} already")
    if text and not text.endswith("\n"):
        text += "\n"
    return text + line + "\n"
