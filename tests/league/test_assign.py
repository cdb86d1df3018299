"""Assigning tables: the league's plan of offers, the offer message
the table reads (exact JSON), and a result tagged with its fixture."""

from __future__ import annotations

import json

from pitchside.club.fixture import offer_message, parse_offer, tag
from pitchside.league.assign import Offer, plan
from pitchside.league.wall import TableView
from pitchside.tables.effects import FixtureOffered
from pitchside.wire.messages import State, Status


def table(name: str, mode: str = "attract", online: bool = True, games: tuple[str, ...] = ("pitchnut",)) -> TableView:
    return TableView("club", name, Status(online, "b", "club", name, name, "0.1.0", games), State(1, "b", mode))


AB = Offer("1:1:Ann:Bob", "pitchnut", ("Ann", "Bob"))
CD = Offer("1:1:Cy:Di", "pitchnut", ("Cy", "Di"))
AC = Offer("1:2:Ann:Cy", "pitchnut", ("Ann", "Cy"))
BM = Offer("2:1:Ed:Flo", "boulomania", ("Ed", "Flo"))


def test_free_tables_get_the_next_fixtures_of_their_games_one_player_at_one_table() -> None:
    tables = {"t1": table("t1"), "t2": table("t2"), "t3": table("t3"), "t4": table("t4", mode="playing"),
              "t5": table("t5", online=False)}
    assert plan([AB, AC, CD, BM], tables, {}) == {"t1": AB, "t2": CD}  # Ann is at t1: AC waits; no boulomania table
    # t1's fixture was played: its offer withdrawn; t2 keeps its own, so Cy is busy and AC waits
    assert plan([AC, CD, BM], tables, {"t1": AB, "t2": CD}) == {"t1": None}
    # both played: t2's withdrawn too, and the free t1 (first by id) takes AC
    assert plan([AC, BM], tables, {"t1": AB, "t2": CD}) == {"t1": AC, "t2": None}
    assert plan([AB, CD], tables, {"t1": AB, "t2": CD}) == {}  # nothing changed


def test_the_offer_message_is_exact_and_reads_back_as_the_table_event() -> None:
    msg = offer_message("1:1:Ann:Bob", "pitchnut", ("Ann", "Bob"))
    assert json.loads(msg) == {"v": 1, "fixture": "1:1:Ann:Bob", "game": "pitchnut", "names": {"A": "Ann", "B": "Bob"}}
    assert parse_offer(msg) == FixtureOffered("1:1:Ann:Bob", "pitchnut", ("Ann", "Bob"))
    assert parse_offer(offer_message(None)) == FixtureOffered(None) == parse_offer(b"")
    assert parse_offer(b'{"v": 2, "fixture": "x"}') is None
    assert parse_offer(b'{"v": 1, "fixture": "x", "game": "pitchnut", "names": {"A": "", "B": "Bob"}}') is None
    assert parse_offer(b"not json") is None


def test_a_result_of_the_offered_game_and_names_is_tagged_and_no_other() -> None:
    offer = FixtureOffered("1:1:Ann:Bob", "pitchnut", ("Ann", "Bob"))
    r = {"game": "pitchnut", "names": {"A": "Ann", "B": "Bob"}, "digest": "sha256:0"}
    tag(r, offer)
    assert r == {"game": "pitchnut", "names": {"A": "Ann", "B": "Bob"}, "digest": "sha256:0", "fixture": "1:1:Ann:Bob"}
    swapped = {"game": "pitchnut", "names": {"A": "Bob", "B": "Ann"}}
    tag(swapped, offer)
    other = {"game": "boulomania", "names": {"A": "Ann", "B": "Bob"}}
    tag(other, offer)
    assert "fixture" not in swapped and "fixture" not in other
