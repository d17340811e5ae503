"""Directors: the password set on first run (argon2 hash), logins, and the signing secret."""

from __future__ import annotations

import secrets

from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from euchre.store.access.password_hashing import password_hasher
from euchre.store.access.ratelimit import check_rate_limit, count_failure
from euchre.store.db import Database
from euchre.store.errors import AuthError, ConflictError, StoreError
from euchre.store.models import Director, Setting

__all__ = [
    "MIN_PASSWORD_LENGTH",
    "authenticate",
    "create_director",
    "ensure_secret_key",
    "get_director",
    "log_in",
    "needs_setup",
    "set_up_first_director",
]

MIN_PASSWORD_LENGTH = 8


def needs_setup(session: Session) -> bool:
    """True until the first director's password has been set."""
    return (session.scalar(select(func.count()).select_from(Director)) or 0) == 0


def _check_new_credentials(name: str, password: str) -> None:
    if not name.strip():
        raise StoreError("director name must not be empty")
    if len(name) > 100:
        raise StoreError(f"director name {name[:20]!r}... is longer than 100 characters")
    if len(password) < MIN_PASSWORD_LENGTH:
        raise StoreError(
            f"password must be at least {MIN_PASSWORD_LENGTH} characters (got {len(password)})"
        )


def create_director(session: Session, *, name: str, password: str) -> Director:
    """Add a director with an argon2-hashed password."""
    _check_new_credentials(name, password)
    if session.scalar(select(Director).where(Director.name == name.strip())) is not None:
        raise ConflictError(f"a director named {name.strip()!r} already exists")
    director = Director(name=name.strip(), password_hash=password_hasher().hash(password))
    session.add(director)
    session.flush()
    return director


def set_up_first_director(session: Session, *, name: str, password: str) -> Director:
    """First run: create the first director. Refused once any director exists."""
    if not needs_setup(session):
        raise ConflictError("the director's password is already set; log in instead")
    return create_director(session, name=name, password=password)


def authenticate(session: Session, *, name: str, password: str) -> Director:
    """The director with this name and password (raises ``AuthError`` otherwise)."""
    director = session.scalar(select(Director).where(Director.name == name.strip()))
    if director is None:
        raise AuthError(f"no director named {name.strip()!r}, or a wrong password")
    try:
        password_hasher().verify(director.password_hash, password)
    except (VerificationError, InvalidHashError):
        raise AuthError(f"no director named {name.strip()!r}, or a wrong password") from None
    return director


def log_in(database: Database, *, client: str, name: str, password: str) -> tuple[int, str]:
    """Check a director's password, throttled like table codes: after a few wrong tries from
    one device (``client``), each further one blocks that device for twice as long
    (``RateLimitedError``, HTTP 429). Returns the director's id and name."""
    key = f"password:{client}"
    with database.read() as session:
        check_rate_limit(session, key=key, what="wrong passwords")
    try:
        with database.read() as session:
            director = authenticate(session, name=name, password=password)
            return director.id, director.name
    except AuthError:
        count_failure(database, key=key)
        raise


def get_director(session: Session, *, director_id: int) -> Director:
    """A director by id (raises ``AuthError`` when gone: the session is no longer valid)."""
    director = session.get(Director, director_id)
    if director is None:
        raise AuthError("this login session is no longer valid; log in again")
    return director


def ensure_secret_key(session: Session) -> str:
    """The secret that signs session cookies, created once and shared by every worker."""
    setting = session.get(Setting, "secret_key")
    if setting is None:
        setting = Setting(key="secret_key", value=secrets.token_urlsafe(48))
        session.add(setting)
        session.flush()
    return setting.value
