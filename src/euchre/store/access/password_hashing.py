"""The argon2 hasher of the directors' passwords and the club code.

argon2-cffi's recommended cost (64 MiB, three passes) takes a tenth of a second to a second of a
CPU for each hash and each check, by design. The test suite sets up and logs in a director a few
hundred times, so it sets ``EUCHRE_TEST_CHEAP_PASSWORD_HASH=1`` (``tests/conftest.py``, passed on
to every ``euchre serve`` it starts) for argon2's cheapest parameters. A hash records its own
parameters, so either hasher checks a hash made by the other; the variable is for tests only and
is never set by the app, the CLI or the deployment notes (``docs/testing-web.md``).
"""

from __future__ import annotations

import functools
import os

from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST

__all__ = ["CHEAP_HASH_VARIABLE", "password_hasher"]

CHEAP_HASH_VARIABLE = "EUCHRE_TEST_CHEAP_PASSWORD_HASH"
"""Set to ``1`` by the test suite only: argon2's cheapest parameters."""


def password_hasher() -> PasswordHasher:
    """argon2-cffi's recommended hasher, or its cheapest when the test suite asks for it."""
    return _hasher(cheap=os.environ.get(CHEAP_HASH_VARIABLE) == "1")


@functools.cache
def _hasher(*, cheap: bool) -> PasswordHasher:
    return PasswordHasher.from_parameters(CHEAPEST) if cheap else PasswordHasher()
