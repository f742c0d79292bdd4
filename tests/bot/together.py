"""Several interactions arriving at once: SimCord runs one operation at a time, so this
builds each slash command like ``MemberActor.slash`` does, emits them all, then settles once.
Uses SimCord internals (3.2.1): kept here, in one place."""

from __future__ import annotations

from typing import Any

from simcord import actors as _actors
from simcord import interactions as _interactions
from simcord.enums import AppCommandType, InteractionType
from simcord.results import InteractionResult


def _payload(actor: Any, channel: Any, name: str, options: dict[str, Any]) -> tuple[Any, Any]:
    parts = name.split()
    root = _actors._resolve_visible_command(actor, channel.id, parts[0], AppCommandType.CHAT_INPUT)
    leaf, nesting = _interactions.walk_to_subcommand(root, parts[1:])
    leaf_options, resolved = _interactions.build_options(
        actor, name, leaf, options, channel_id=channel.id
    )
    data: dict[str, Any] = {
        "id": root["id"],
        "name": root["name"],
        "type": root.get("type", AppCommandType.CHAT_INPUT),
        "options": _interactions.nest_options(root, nesting, leaf_options),
    }
    if resolved:
        data["resolved"] = resolved
    backend = actor._env.backend
    return _interactions.base_payload(
        backend,
        type=InteractionType.APPLICATION_COMMAND,
        channel_id=channel.id,
        guild_id=actor.guild.id,
        user_id=actor.id,
        data=data,
    )


async def slash_together(
    env: Any, calls: list[tuple[Any, Any, str, dict[str, Any]]]
) -> list[InteractionResult]:
    """``calls`` are ``(member, channel, command, options)``; all are emitted before the bot
    handles any of them."""
    records = []
    for actor, channel, name, options in calls:
        record, payload = _payload(actor, channel, name, options)
        env._notify_dispatch_observers(record)
        env.backend.emit("INTERACTION_CREATE", payload)
        records.append(record)
    await env.settle()
    return [InteractionResult(env, r) for r in records]
