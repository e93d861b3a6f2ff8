"""Players remembered on the device (web/core/roster.py), the Players screen, and the
Statistics screen with its charts (web/ui/screens/stats.py, web/ui/kit/chart.py)."""

from __future__ import annotations

import html
import json
import random
import re

from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import players_file, roster, store
from web.core.i18n import number


def new_app(storage: store.MemoryStorage | None = None, seed: int = 3, lang: str = "en") -> App:
    return App(storage or store.MemoryStorage(), [lang], lambda: seed, ENTRIES)


def start(app: App, game_id: str, names: list[str], bots: int = 0) -> None:
    """The new-game form: ``names`` typed in the first seats, ``bots`` bot seats after."""
    app.handle("new", game_id)
    while app.setup["count"] < len(names) + bots:
        app.handle("count", "+")
    while app.setup["count"] > len(names) + bots:
        app.handle("count", "-")
    for i, name in enumerate(names):
        app.field("name", str(i), name)
    for i in range(len(names), len(names) + bots):
        app.handle("seat-kind", str(i))
    app.handle("start")


def play_out(app: App, seed: int = 1) -> None:
    """Random legal moves for every seat (bots included) to the game's end."""
    rng = random.Random(seed)
    table = app.table
    assert table is not None
    while table.game.result(table.state) is None:
        seat = table.game.actors(table.state)[0]
        table.state = table.game.apply(
            table.state, seat, rng.choice(table.game.legal(table.state, seat))
        )
    app.saving.record_result()


def entry(game: str, names: list[str], scores: list[int], winners: list[int], **kw) -> dict:
    return {
        "game": game,
        "date": "2026-11-30T10:00:00Z",
        "names": names,
        "scores": scores,
        "winners": winners,
        **kw,
    }


def test_names_typed_become_players_linked_in_history_and_offered_next_time() -> None:
    app = new_app()
    start(app, "dice_bid", ["Ana", "  Ben\u202e "], bots=1)
    assert [p["name"] for p in roster.load(app.storage)] == ["Ana", "Ben"]  # no bot, bidi gone
    play_out(app)
    last = store.load_history(app.storage)[0]
    ana, ben = (roster.by_name(roster.load(app.storage), n)["id"] for n in ("Ana", "Ben"))
    assert last["players"] == [ana, ben, None]
    app.handle("home")
    app.handle("new", "abyss")
    for seat in app.setup["seats"]:
        seat["name"] = ""
    page = app.render()
    assert 'id="known-players"' in page and ">Ana</button>" in page and ">Ben</button>" in page
    app.handle("seat-kind", "0")  # a bot seat takes no player
    app.handle("pick-player", ben)
    assert app.setup["seats"][1]["name"] == "Ben" and app.setup["seats"][0]["name"] == ""
    assert ">Ben</button>" not in app.render()  # seated: no longer offered


def test_rename_merge_delete_on_the_players_screen() -> None:
    app = new_app()
    start(app, "dice_bid", ["Ana", "Ben"])
    play_out(app)
    app.handle("home")
    start(app, "dice_bid", ["Anita", "Ben"])
    play_out(app, seed=2)
    known = roster.load(app.storage)
    ana, anita, ben = (roster.by_name(known, n)["id"] for n in ("Ana", "Anita", "Ben"))
    app.handle("go", "players")
    # renaming to another's name is refused and said
    app.field("player-name", ben, "ana")
    app.handle("player", f"rename:{ben}")
    assert "Another player has that name" in app.render()
    app.field("player-name", ben, "Benjamín <b>")
    app.handle("player", f"rename:{ben}")
    assert roster.by_id(roster.load(app.storage), ben)["name"] == "Benjamín <b>"
    assert "Benjamín &lt;b&gt;" in app.render() and "<b>" not in app.render()
    app.handle("player", f"avatar:{ben}:star")
    assert f"<h2>{roster.avatar('star')} Benjamín &lt;b&gt;</h2>" in app.render()
    app.handle("player", f"avatar:{ben}:star")  # the same again: none
    assert "<h2>Benjamín &lt;b&gt;</h2>" in app.render()
    # merging Anita into Ana: one player with both seats' games
    app.handle("player", f"merge:{anita}")
    assert "Anita is the same person as:" in app.render()
    app.handle("player", f"merge-into:{anita}:{ana}")
    known = roster.load(app.storage)
    assert [p["id"] for p in known if p["id"] in (ana, anita)] == [ana]
    assert roster.by_name(known, "Anita")["id"] == ana  # her former name still finds her
    assert "2 finished games" in app.render()
    # forgetting asks first
    app.handle("player", f"delete:{ana}")
    assert "Forget Ana?" in app.render()
    app.handle("player", "cancel")
    assert roster.by_id(roster.load(app.storage), ana) is not None
    app.handle("player", f"delete:{ana}")
    app.handle("player", f"delete-yes:{ana}")
    assert roster.by_id(roster.load(app.storage), ana) is None
    assert len(store.load_history(app.storage)) == 2  # the games stay


def test_avatars_are_drawn_shapes_and_old_emoji_ones_are_kept() -> None:
    """An emoji shows as an empty box on a phone without an emoji font: an avatar
    is an SVG shape on a disc, named to a screen reader where it is picked, and a
    player saved (or exported) with an emoji avatar keeps one, the same for all."""
    app = stats_app()
    known = roster.load(app.storage)
    for player, emoji in zip(known, ["🦊", "⭐"], strict=True):  # as saved before
        player["emoji"] = emoji
    store.write_json(app.storage, roster.PLAYERS_KEY, known)
    assert [p.get("avatar") for p in roster.load(app.storage)] == ["triangle", "star"]
    ana = roster.by_name(roster.load(app.storage), "Ana")
    screens = []
    for go in ("players", "stats"):
        app.handle("go", go)
        screens.append(app.render())
    app.handle("home")
    app.handle("new", "dice_bid")
    screens.append(app.render())  # the known players, one tap to seat
    for page in screens:
        assert not any(ord(c) >= 0x2600 for c in page), "an emoji on the screen"
        for shown in ("triangle", "star"):
            assert roster.avatar(shown) in page
    assert f'<th scope="row">{roster.label(ana)}</th>' in screens[1]  # Statistics rows
    picker = screens[0].split('<details class="avatars">', 1)[1].split("</details>")[0]
    assert picker.count("<svg") == len(roster.AVATARS) == 10
    assert 'aria-label="Clover"' in picker and 'data-arg="avatar:' in picker
    assert not any(ord(c) >= 0x2600 for c in players_file.export_file(app.storage)[1])
    # a file exported before keeps its avatars on another phone
    _, text = players_file.export_file(app.storage)
    old = json.loads(text)
    for item in old["players"]:
        item["emoji"] = {"triangle": "🎲", "star": "🍀"}[item.pop("avatar")]
    other = new_app()
    other.import_record(json.dumps(old))
    assert sorted(p["avatar"] for p in roster.load(other.storage)) == ["clover", "die"]


def stats_app() -> App:
    """Three Abyss games (lowest wins) and a dice game; an old entry links by name."""
    storage = store.MemoryStorage()
    app = new_app(storage)
    roster.remember(storage, ["Ana", "Ben"])
    known = roster.load(storage)
    ana, ben = (roster.by_name(known, n)["id"] for n in ("Ana", "Ben"))
    store.add_history(
        storage,
        entry("abyss", ["Ana", "Ben"], [40, 90], [0]),  # old: no "players", by name
        entry("abyss", ["Ana", "Ben", "Bot"], [70, 30, 50], [1], players=[ana, ben, None]),
        entry("abyss", ["Ana", "Ben"], [20, 60], [0], players=[ana, ben]),
        entry("dice_bid", ["Ana", "Ben"], [3, 5], [1], players=[ana, ben]),
        entry("abyss", ["Ana", "Ben"], [], [], unfinished=True, players=[ana, ben]),
    )
    return app


def rows(page: str, caption: str) -> list[list[str]]:
    """The body rows of the table captioned ``caption`` (cells as text)."""
    table = re.search(
        rf"<caption[^>]*>{re.escape(caption)}</caption>.*?<tbody>(.*?)</tbody>", page, re.S
    )
    assert table, caption
    return [
        re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r) for r in re.findall(r"<tr>(.*?)</tr>", table[1])
    ]


def test_statistics_per_player_and_per_game() -> None:
    app = stats_app()
    app.handle("go", "stats")
    page = app.render()
    assert rows(page, "All games") == [["Ana", "4", "2", "50%"], ["Ben", "4", "2", "50%"]]
    # Abyss: lowest wins, so Ana's best is 20; average (40+70+20)/3 = 43
    assert rows(page, "Abyss") == [
        ["Ana", "3", "2 (67%)", "43", "20"],
        ["Ben", "3", "1 (33%)", "60", "30"],
    ]
    assert rows(page, "Double or Nothing") == [
        ["Ben", "1", "1 (100%)", "5", "5"],
        ["Ana", "1", "0 (0%)", "3", "3"],
    ]
    assert "the lowest is best" in page and "the highest is best" in page


def test_head_to_head_counts_the_games_two_players_shared() -> None:
    """Each pair's games together, and those one won and the other did not; a
    tie (both winners) counts as together only. Failed before: no such table."""
    storage = store.MemoryStorage()
    app = new_app(storage)
    roster.remember(storage, ["Ana", "Ben", "Cleo"])
    known = roster.load(storage)
    ana, ben, cleo = (roster.by_name(known, n)["id"] for n in ("Ana", "Ben", "Cleo"))
    store.add_history(
        storage,
        entry("dice_bid", ["Ana", "Cleo"], [2, 6], [1], players=[ana, cleo]),
        entry("dice_bid", ["Ana", "Ben"], [4, 4], [0, 1], players=[ana, ben]),
        entry("abyss", ["Ana", "Ben", "Cleo"], [50, 20, 40], [1], players=[ana, ben, cleo]),
        entry("abyss", ["Ana", "Ben"], [10, 60], [0], players=[ana, ben]),
    )
    app.handle("go", "stats")
    page = app.render()
    assert rows(page, "Head to head") == [
        ["Ana – Ben", "3", "1 – 1"],
        ["Ana – Cleo", "2", "0 – 1"],
        ["Ben – Cleo", "1", "1 – 0"],
    ]


def test_charts_are_svg_images_with_their_table_right_below() -> None:
    app = stats_app()
    app.handle("go", "stats")
    page = app.render()
    svgs = re.findall(r'<svg class="chart"[^>]*role="img" aria-label="([^"]+)"', page)
    assert svgs == ["Wins per player, all games", "Wins so far, game after game"]
    for title in svgs:  # the table equivalent comes before anything else drawn
        after = page.split(f'aria-label="{title}"', 1)[1]
        assert after.index("<details") < after.find('<svg class="chart"') % len(after)
    # wins over time, oldest first: Ana wins game 1, Ben game 2, Ana game 3, Ben game 4
    assert rows(page, "Wins so far, game after game") == [
        ["Game 1", "1", "0"],
        ["Game 2", "1", "1"],
        ["Game 3", "2", "1"],
        ["Game 4", "2", "2"],
    ]
    assert rows(page, "Wins per player, all games") == [["Ana", "2"], ["Ben", "2"]]
    assert " style=" not in page  # the app's CSP (style-src 'self') refuses inline styles


def test_a_name_with_html_is_escaped_everywhere() -> None:
    app = new_app()
    start(app, "dice_bid", ['<img src=x onerror="alert(1)">', "Ben"])
    play_out(app)
    for screen in ("players", "stats", "history"):
        app.handle("go", screen)
        page = app.render()
        assert "<img" not in page and "&lt;img" in page, screen
    app.handle("home")
    app.handle("new", "dice_bid")
    assert "<img" not in app.render()


def test_statistics_are_translated_and_empty_says_how_to_fill_it() -> None:
    app = new_app(lang="fr")
    app.handle("go", "stats")
    assert "Aucune partie terminée" in app.render()
    app = stats_app()
    app.handle("set", "lang=fr")
    app.handle("go", "stats")
    page = app.render()
    assert "Victoires par joueur" in page and "50\u00a0%" in page


def test_damaged_players_are_dropped_not_trusted() -> None:
    damaged = (
        '[{"id":"p1","name":"Ana"},{"id":"p1","name":"Ben"},{"id":"p2","name":"\\u202e"},'
        '{"id":3,"name":"X"},"junk",{"id":"p4","name":"ana"}]'
    )
    storage = store.MemoryStorage({roster.PLAYERS_KEY: damaged})
    assert [p["name"] for p in roster.load(storage)] == ["Ana"]
    storage.data[roster.PLAYERS_KEY] = "{not json"
    assert roster.load(storage) == []
    app = new_app(storage)
    app.handle("go", "players")
    assert "No players yet" in app.render()


def test_game_counts_from_the_public_events_kept_in_history() -> None:
    from web.core.counts import counts

    events = [
        {"type": "close", "seat": 1},
        {"type": "round_end", "scores": [9, 4, 4], "closer": 1, "doubled": False},
        {"type": "close", "seat": 0},
        {"type": "round_end", "scores": [20, 5, 8], "closer": 0, "doubled": True},
        {"type": "cut", "seat": 2, "ok": True},
        {"type": "cut", "seat": 2, "ok": False},
        {"type": "declare", "seat": 1},
        {"type": "declare", "seat": 2},
        {"type": "reveal", "seat": 0, "positions": [1]},  # Abyss's reveal: no prize
        {"type": "reveal", "winner": 0, "prize": 7},
    ]

    def of(game_id: str) -> dict[str, list[int]]:
        return counts(events, 3, [1], ENTRIES[game_id].counts)  # each game counts its own

    assert of("abyss") == {"rounds_won": [0, 2, 1], "closes": [1, 1, 0], "doubled": [1, 0, 0]}
    assert of("carta_robada") == {
        "cuts_ok": [0, 0, 1],
        "cuts_failed": [0, 0, 1],
        "snap_won": [0, 1, 0],
    }
    assert of("dice_bid") == {"prizes": [1, 0, 0]}
    # a real game: the dice prizes taken go to History and on the Statistics screen
    app = new_app()
    start(app, "dice_bid", ["Ana", "Ben"])
    play_out(app)
    kept = store.load_history(app.storage)[0]["counts"]
    assert sum(kept["prizes"]) > 0
    app.handle("go", "stats")
    page = app.render()
    shown = {r[0]: r[1] for r in rows(page, "Double or Nothing: what happened")}
    assert shown == {"Ana": str(kept["prizes"][0]), "Ben": str(kept["prizes"][1])}
    # damaged counts are not trusted
    entry_ = store.load_history(app.storage)[0]
    entry_["counts"] = {"prizes": [1, "x"], "closes": [True, 2], "nope": [1, 1]}
    store.write_json(app.storage, store.HISTORY_KEY, [entry_])
    assert "what happened" not in app.render()


def test_history_draws_a_finished_game_s_totals_round_by_round() -> None:
    app = new_app()
    start(app, "dice_bid", ["Ana", "Ben"])
    play_out(app)
    assert app.table is not None
    sheet = app.table.game.view(app.table.state, None)["sheet"]
    app.handle("home")
    app.handle("go", "history")
    app.handle("history-open", "0")
    page = app.render()
    assert 'role="img" aria-label="Totals round by round"' in page
    got = rows(page, "Totals round by round")
    assert got == [
        [f"Round {k + 1}", number(line["scores"][0]), number(line["scores"][1])]
        for k, line in enumerate(sheet)
    ]


def test_players_and_history_leave_as_one_file_and_merge_back_without_duplicates() -> None:
    app = stats_app()
    name, text = players_file.export_file(app.storage)
    assert name.endswith(".json") and "unfinished" not in text  # an abandoned game stays
    other = new_app()
    roster.remember(other.storage, ["Ben", "Cleo"])  # Ben known there too (another id)
    other.import_record(text)
    assert other.screen == "players"
    assert "Added: 4 games; new players: 1." in other.render()
    known = roster.load(other.storage)
    assert sorted(p["name"] for p in known) == ["Ana", "Ben", "Cleo"]
    history = store.load_history(other.storage)
    ben = roster.by_name(known, "Ben")["id"]
    assert [e.get("players", [None, None])[1] for e in history].count(ben) == 3  # mapped
    other.import_record(text)  # again: nothing twice
    assert "Added: 0 games; new players: 0." in other.render()
    assert len(store.load_history(other.storage)) == 4
    other.handle("go", "stats")
    assert rows(other.render(), "All games")[0][:2] in (["Ana", "4"], ["Ben", "4"])


def test_a_damaged_players_file_changes_nothing_and_says_what_was_wrong() -> None:
    app = stats_app()
    _, text = players_file.export_file(app.storage)
    data = json.loads(text)
    data["history"][2]["scores"] = [1]
    nameless = json.loads(text)
    nameless["players"][0]["name"] = "\u202e"
    bad_files = [text[: len(text) // 2], json.dumps(data), json.dumps(nameless)]
    for lang, nothing, said in [
        (
            "en",
            "Nothing was changed: ",
            [
                "the file is damaged or cut short",
                "game 3 in the history: the scores do not match its players",
                "player 1 in the file has no id or no name",
            ],
        ),
        (
            "es",
            "No se ha cambiado nada: ",
            [
                "el archivo está dañado o incompleto",
                "partida 3 del historial: las puntuaciones no corresponden a sus jugadores",
                "al jugador 1 del archivo le falta el identificador o el nombre",
            ],
        ),
        (
            "fr",
            "Rien n’a changé\u00a0: ",
            [
                "le fichier est abîmé ou incomplet",
                "partie 3 de l’historique\u00a0: les scores ne correspondent pas à ses joueurs",
                "le joueur 1 du fichier n’a pas d’identifiant ou pas de nom",
            ],
        ),
    ]:  # the reason is in the player's language, inside the sentence
        other = new_app(lang=lang)
        roster.remember(other.storage, ["Cleo"])
        before = dict(other.storage.data)
        for bad, reason in zip(bad_files, said, strict=True):
            other.import_record(bad)
            assert other.storage.data == before
            page = other.render()
            line = html.escape(f"{nothing}{reason}.", quote=False)
            assert line in page and 'role="alert"' in page, line


def test_a_game_s_end_folds_its_totals_round_by_round_under_the_ranking() -> None:
    app = new_app()
    start(app, "dice_bid", ["Ana", "Ben"])
    play_out(app)
    page = app.render()
    fold = page.split('<details class="progression">', 1)[1].split("</details></div>")[0]
    assert 'role="img" aria-label="Totals round by round"' in fold and "<table" in fold
    assert page.index('class="ranking"') < page.index('class="progression"')


def test_a_game_under_a_former_name_still_counts_for_the_player() -> None:
    app = new_app()
    start(app, "dice_bid", ["Ana", "Ben"])
    play_out(app)
    ana = roster.by_name(roster.load(app.storage), "Ana")["id"]
    assert roster.rename(app.storage, ana, "Anaïs") is None
    app.handle("home")
    start(app, "dice_bid", ["Ana", "Ben"])  # the form still offered "Ana"
    play_out(app, seed=4)
    assert store.load_history(app.storage)[0]["players"][0] == ana
    assert [p["name"] for p in roster.load(app.storage)] == ["Anaïs", "Ben"]
    app.handle("go", "stats")
    assert rows(app.render(), "All games")[0][:2] in (["Anaïs", "2"], ["Ben", "2"])
    assert "Anaïs" in app.render() and ">Ana<" not in app.render()


def test_a_merge_of_two_seats_in_one_game_asks_and_keeps_the_win() -> None:
    """Bé won a game where Ana sat too; merged into Ana, that game counts once, won."""
    storage = store.MemoryStorage()
    app = new_app(storage)
    roster.remember(storage, ["Ana", "Bé", "Ben"])
    ana, be, ben = (roster.by_name(roster.load(storage), n)["id"] for n in ("Ana", "Bé", "Ben"))
    store.add_history(
        storage,
        entry("abyss", ["Ana", "Ben"], [20, 60], [0], players=[ana, ben]),
        entry("abyss", ["Ana", "Bé", "Ben"], [70, 10, 50], [1], players=[ana, be, ben]),
    )
    app.handle("go", "players")
    app.handle("player", f"merge:{be}")
    app.handle("player", f"merge-into:{be}:{ana}")
    assert roster.by_id(roster.load(storage), be) is not None, "merged with no question"
    assert "Bé and Ana sat at the same table" in app.render()
    app.handle("player", "cancel")
    assert "sat at the same table" not in app.render()
    assert roster.by_id(roster.load(storage), be) is not None
    app.handle("player", f"merge:{be}")
    app.handle("player", f"merge-into:{be}:{ana}")
    app.handle("player", f"merge-yes:{be}:{ana}")
    assert roster.by_id(roster.load(storage), be) is None
    app.handle("go", "stats")
    page = app.render()
    assert rows(page, "All games") == [["Ana", "2", "2", "100%"], ["Ben", "2", "0", "0%"]]
    # Abyss, lowest wins: Ana's best seat in the shared game scored 10
    assert rows(page, "Abyss")[0] == ["Ana", "2", "2 (100%)", "15", "10"]


def test_players_and_statistics_opened_from_history_go_back_to_history() -> None:
    app = stats_app()
    for screen in ("players", "stats"):
        app.handle("go", "history")
        app.handle("go", screen)
        app.handle("back")
        assert app.screen == "history", f"{screen}'s Back left History"
        app.handle("back")
        assert app.screen == "home"
    app.handle("go", "players")
    app.handle("back")
    assert app.screen == "home"


def test_statistics_with_no_wins_say_so_instead_of_flat_charts() -> None:
    storage = store.MemoryStorage()
    app = new_app(storage)
    roster.remember(storage, ["Ana", "Ben"])
    ana, ben = (roster.by_name(roster.load(storage), n)["id"] for n in ("Ana", "Ben"))
    store.add_history(
        storage,
        entry("abyss", ["Ana", "Ben", "Bot"], [70, 60, 10], [2], players=[ana, ben, None]),
        entry("abyss", ["Ana", "Bot"], [80, 5], [1], players=[ana, None]),
    )
    app.handle("go", "stats")
    page = app.render()
    assert "No wins yet" in page
    assert "<svg" not in page
    assert rows(page, "All games") == [["Ana", "2", "0", "0%"], ["Ben", "1", "0", "0%"]]


def test_a_game_file_chosen_on_the_players_screen_leads_back_there() -> None:
    app = new_app()
    start(app, "abyss", ["Ana"], bots=1)
    play_out(app)
    text = app.export_record()[1]
    app.handle("home")
    app.handle("go", "players")
    app.import_record(text)  # a game's record, not a players file: opened on Records
    assert app.screen == "records"
    app.handle("back")
    assert app.screen == "players"


def test_a_rename_and_a_merge_reach_history_and_its_replays() -> None:
    app = new_app()
    start(app, "abyss", ["Ana", "Ben"])
    play_out(app)
    known = roster.load(app.storage)
    ana, ben = (roster.by_name(known, n)["id"] for n in ("Ana", "Ben"))
    roster.rename(app.storage, ana, "Anita")
    roster.remember(app.storage, ["Benjamín"])
    benjamin = roster.by_name(roster.load(app.storage), "Benjamín")["id"]
    roster.merge(app.storage, ben, benjamin)  # Ben was Benjamín all along
    app.handle("home")
    app.handle("go", "history")
    page = html.unescape(app.render())
    assert "Anita, Benjamín" in page and "Ana, Ben" not in page
    app.handle("history-replay", "0")
    assert app.table is not None and app.table.replay is not None
    assert app.table.names == ["Anita", "Benjamín"]
