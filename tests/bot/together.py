"""Several interactions arriving at once (the helpers live in the package, ``bot.simtools``,
so ``boardroom bench`` uses the same code)."""

from bot.simtools import emit_slash, slash_payload, slash_together

__all__ = ["emit_slash", "slash_payload", "slash_together"]
