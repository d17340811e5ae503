"""A club code: a club that wants its public pages for its members only sets one
(docs/season.md, "Club-only pages").

The code is kept as an argon2 hash in the ``settings`` table (``club_code``), never as typed.
A browser that typed it gets a cookie holding a pass: an HMAC of the stored hash under the
app's signing secret, so checking a page request is one HMAC, a new code turns every old pass
away, and clearing the code opens the pages again. Wrong codes are throttled per device like
table codes and passwords.
"""

from __future__ import annotations

import hashlib
import hmac

from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.orm import Session

from euchre.store.access.auth import ensure_secret_key
from euchre.store.access.password_hashing import password_hasher
from euchre.store.access.ratelimit import check_rate_limit, count_failure
from euchre.store.audit import record_audit
from euchre.store.db import Database
from euchre.store.errors import AuthError, StoreError
from euchre.store.models import Setting

__all__ = [
    "CLUB_CODE_SETTING",
    "club_code_set",
    "club_pass",
    "pass_is_valid",
    "set_club_code",
    "try_club_code",
]

CLUB_CODE_SETTING = "club_code"
MIN_LENGTH = 4
MAX_LENGTH = 40


def _tidy(code: str) -> str:
    """The code as compared: spaces around it dropped, inner runs of spaces one, case kept."""
    return " ".join(code.split())


def set_club_code(session: Session, *, code: str, who: str) -> bool:
    """Set the club code (``""`` clears it: the public pages are public again). Returns
    whether the pages are now club-only. A code of fewer than 4 or more than 40
    characters is refused, naming its length."""
    tidy = _tidy(code)
    setting = session.get(Setting, CLUB_CODE_SETTING)
    if not tidy:
        if setting is not None:
            session.delete(setting)
    else:
        if not MIN_LENGTH <= len(tidy) <= MAX_LENGTH:
            raise StoreError(
                f"a club code has {MIN_LENGTH} to {MAX_LENGTH} characters; this one has {len(tidy)}"
            )
        hashed = password_hasher().hash(tidy)
        if setting is None:
            session.add(Setting(key=CLUB_CODE_SETTING, value=hashed))
        else:
            setting.value = hashed
    session.flush()
    record_audit(
        session,
        event_id=None,
        who=who,
        action="set_club_code" if tidy else "clear_club_code",
        target="club code",
        # The code itself stays out of the log.
        new_value={"club_only": bool(tidy)},
    )
    return bool(tidy)


def club_code_set(session: Session) -> str | None:
    """The stored code's hash, None when the club's pages are public."""
    setting = session.get(Setting, CLUB_CODE_SETTING)
    return None if setting is None else setting.value


def club_pass(session: Session, hashed: str) -> str:
    """The cookie's pass for the code stored as ``hashed``."""
    secret = ensure_secret_key(session).encode()
    return hmac.new(secret, b"club:" + hashed.encode(), hashlib.sha256).hexdigest()


def pass_is_valid(session: Session, token: str | None) -> bool:
    """True when the pages are public, or ``token`` is the pass of the code set now."""
    hashed = club_code_set(session)
    if hashed is None:
        return True
    return token is not None and hmac.compare_digest(token, club_pass(session, hashed))


def try_club_code(database: Database, *, client: str, code: str) -> str:
    """The pass for a typed club code; a wrong one raises ``AuthError`` and counts towards
    throttling that device (``RateLimitedError`` after a few)."""
    key = f"club-code:{client}"
    with database.read() as session:
        check_rate_limit(session, key=key, what="wrong club codes")
        hashed = club_code_set(session)
        if hashed is None:
            return ""
        try:
            password_hasher().verify(hashed, _tidy(code))
            return club_pass(session, hashed)
        except (VerificationError, InvalidHashError):
            pass
    count_failure(database, key=key)
    raise AuthError("that is not the club code; ask the club's director for it")
