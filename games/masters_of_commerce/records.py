"""Small mutable records kept in a game's state: contracts and pending offers."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Contract:
    """A rented deed: the merchant's token and the agreed yearly rent (seed phase 1 A/B)."""

    merchant: int
    rent: int
    closed: bool = False  # expert: locked for the rest of this negotiation
    exclusive: bool = False  # expert: the district's exclusive token lies on it


@dataclass
class OfferRec:
    """A pending offer. ``made_seq`` numbers the merchant's own offers, ``received_seq`` the
    landlord's received ones, so neither number tells a party about other players' offers."""

    amount: int
    closed: bool
    note: str
    made_seq: int
    received_seq: int
