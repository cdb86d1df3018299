"""A broker user's credentials file, read the same way by a table and the league:
one line ``USER:PASSWORD`` (mode 600), never a password in a config."""

from __future__ import annotations


class CredentialsError(ValueError):
    """A credentials file that cannot be used (the message says why and what to write)."""


def read_credentials(path: str) -> tuple[str, str]:
    """``(user, password)`` from the credentials file at ``path``: its first line that is
    not blank or a ``#`` comment, ``USER:PASSWORD`` (the password may hold ``:``).

    :raises CredentialsError: unreadable, or no such line.
    """
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read(64 * 1024)
    except OSError as exc:
        raise CredentialsError(f"{path} cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise CredentialsError(f"{path} is not UTF-8 text") from None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        user, sep, password = line.partition(":")
        if not sep or not user or not password:
            break
        return user, password
    raise CredentialsError(f"{path} must hold one line USER:PASSWORD (the table's broker user and its password)")
