"""Terrain given as geometry (issue 24, item 6): a document's `terrain[]` lists pieces as line
segments on the table ({id, kind: wall | scrub, from: [x, y], to: [x, y], height}); the
bridge computes which pieces stand on a line of fire, how far a target is from each and
whether its base touches one, exactly (pybridge/books/chronopia/geometry.py); the cover and blocking rules
are ASP (asp/chronopia/terrain.lp). Written from the source before the code:

C36-COVER, «Schwere Deckung. Dazu zählen Mauern, Felsen und anderes massives Gelände.
Grundsätzlich gilt, das ein Ziel was weniger als zu Hälfte sichtbar ist und sich hinter
Geländestück befindet oder wenn es im Basekontakt mit dem Hindernis steht, schwere Deckung
hat.» «Leichte Deckung. Hierzu zählen Dornengestrüpp, Unterholz und Dschungel. Eine Figur
hinter solchem Gelände steht in leichter Deckung. Weiter gilt, das ein hinter einem massiven
Geländestück mehr als zu Hälfte sichtbares Ziel eine leichte Deckung hat.» «Um in leichter
Deckung zu sein, muss ein Modell innerhalb von vier Inch um ein Geländestück herum stehen und
teilweise von dem dazwischenliegenden Terrain verdeckt werden.»
C36-LOS-WALL, «Mauern und Hecken blockieren die LOS wenn sie grösser als das Ziel sind.
Ansonst bieten sie nur Deckung.»

The shooter (RS 12, a weapon whose short range covers every target: no range modifier) at
the origin facing +y; the knight (size 2: a base of radius 0.5 inch, 2 inches tall) 10
inches ahead at (0, 10). Hit numbers: 12 in the open, 10 in light cover (-2), 8 in heavy
cover (-4).
"""

import pytest

import pybridge
from chronopia_shots import because, legal, model, of, refused, rule, shoot, shooter, state

OPEN, LIGHT, HEAVY = 12, 10, 8


def piece(y=None, kind="wall", height=1, ident="w", start=None, end=None):
    """A piece across the line of fire at height y (from x = -3 to x = 3), or from start to
    end."""
    return {"id": ident, "kind": kind, "from": list(start or (-3, y)),
            "to": list(end or (3, y)), "height": height}


def shot_through(*pieces, sight=(), target=None):
    doc = state([shooter(), target or model("Knight", position=(0, 10))],
                [shoot(target="Knight")], sight=sight)
    doc["terrain"] = list(pieces)
    return doc


def hit(doc):
    found = {t[-1] for t in of(rule(doc), "hit_number")}
    assert len(found) <= 1, found
    return found.pop() if found else None


# --- heavy cover: base contact with the obstacle ----------------------------------------------

def test_C36_COVER_base_contact_with_a_wall_on_the_line_is_heavy_cover():
    # "oder wenn es im Basekontakt mit dem Hindernis steht, schwere Deckung": a wall across
    # the line half an inch in front of the knight's centre touches its base (radius 0.5).
    result = rule(shot_through(piece(9.5)))
    assert {t[-1] for t in of(result, "hit_number")} == {HEAVY}
    assert "C36-COVER" in because(result, ("hit_number", "Archer", "Knight", HEAVY))


def test_C36_COVER_a_thousandth_off_the_base_is_light_cover():
    # 0.501 inch from the centre the base does not touch: the knight is within 4 inches of
    # the wall and partly hidden by it: light cover.
    assert hit(shot_through(piece(9.499))) == LIGHT


def test_C36_COVER_contact_with_an_obstacle_not_on_the_line_gives_no_cover():
    # "dem Hindernis": the obstacle it stands behind. A wall beside the knight (x = 0.5, from
    # y = 9 to 11) touches its base but does not cross the line of fire.
    assert hit(shot_through(piece(start=(0.5, 9), end=(0.5, 11)))) == OPEN
    # and a wall right behind it (y = 10.5) neither
    assert hit(shot_through(piece(10.5))) == OPEN


def test_C36_COVER_a_piece_that_stops_short_of_the_line_gives_no_cover():
    # from x = 0.001 to 3: it ends a thousandth of an inch beside the line of fire (x = 0)
    assert hit(shot_through(piece(start=(0.001, 9.5), end=(3, 9.5)))) == OPEN
    # ending on the line itself it crosses it
    assert hit(shot_through(piece(start=(0, 9.5), end=(3, 9.5)))) == HEAVY


# --- light cover: within 4 inches of a piece on the line -------------------------------------

def test_C36_COVER_within_4_inches_of_a_wall_is_light_cover():
    # "innerhalb von vier Inch um ein Geländestück herum": 4.0 inches is within 4 (C-INT-1).
    assert hit(shot_through(piece(6))) == LIGHT
    result = rule(shot_through(piece(6)))
    assert "C36-COVER" in because(result, ("hit_number", "Archer", "Knight", LIGHT))


def test_C36_COVER_beyond_4_inches_of_the_piece_no_cover():
    # 4.001 inches: not within four inches, so no cover from it (the wall near the shooter)
    assert hit(shot_through(piece(5.999))) == OPEN
    assert hit(shot_through(piece(1))) == OPEN


def test_C36_COVER_scrub_gives_light_cover_even_in_base_contact():
    # "Hierzu zählen Dornengestrüpp, Unterholz ... Eine Figur hinter solchem Gelände steht in
    # leichter Deckung": scrub is light cover, in contact too (heavy cover is massive terrain).
    assert hit(shot_through(piece(9.5, kind="scrub"))) == LIGHT
    assert hit(shot_through(piece(7, kind="scrub"))) == LIGHT
    assert hit(shot_through(piece(5.999, kind="scrub"))) == OPEN


def test_C36_COVER_scrub_taller_than_the_target_does_not_block():
    # Only walls and hedges block by height (C36-LOS-WALL); scrub hides, it does not block.
    result = rule(shot_through(piece(9.5, kind="scrub", height=3)))
    assert legal(result) == {"Knight": False}
    assert hit(shot_through(piece(9.5, kind="scrub", height=3))) == LIGHT


def test_C36_COVER_a_piece_without_height_hides_nothing():
    # "teilweise ... verdeckt": a piece 0 inches high hides no part of the target.
    assert hit(shot_through(piece(9.5, height=0))) == OPEN


def test_C36_COVER_less_than_half_visible_behind_a_wall_is_heavy_cover():
    # "ein Ziel was weniger als zu Hälfte sichtbar ist und sich hinter Geländestück befindet
    # ... schwere Deckung": the sight entry says it is less than half visible.
    entry = [{"from": "Archer", "to": "Knight", "half_visible": False}]
    assert hit(shot_through(piece(8), sight=entry)) == HEAVY
    # more than half visible behind solid terrain: light ("mehr als zu Hälfte sichtbares Ziel")
    entry = [{"from": "Archer", "to": "Knight", "half_visible": True}]
    assert hit(shot_through(piece(8), sight=entry)) == LIGHT


def test_C36_COVER_the_heaviest_cover_of_several_pieces_counts():
    # scrub within 4 inches and a wall the base touches: heavy
    assert hit(shot_through(piece(7, kind="scrub"), piece(9.5, ident="w2"))) == HEAVY


# --- walls taller than the target block ------------------------------------------------------

def test_C36_LOS_WALL_a_wall_taller_than_the_target_blocks():
    # "Mauern und Hecken blockieren die LOS wenn sie grösser als das Ziel sind": 2.001 > 2.
    result = rule(shot_through(piece(8, height=2.001)))
    assert ("target_refused", "Archer", "Knight", "behind_wall") in of(result, "target_refused")
    assert because(result, ("target_refused", "Archer", "Knight", "behind_wall")) == \
        ["C36-LOS-WALL"]
    assert of(result, "hit_number") == set()


def test_C36_LOS_WALL_a_wall_as_tall_as_the_target_gives_cover():
    # "Ansonst bieten sie nur Deckung": 2 is not taller than 2
    assert hit(shot_through(piece(8, height=2))) == LIGHT


def test_C36_LOS_WALL_blocks_a_spell_too():
    caster = model("Shaman", army="Orcs", position=(0, 0), facing=90, individual=True,
                   stats={"mg": 12})
    doc = state([caster, model("Knight", position=(0, 10))],
                [{"id": "c", "cast": {"caster": "Shaman", "target": "Knight",
                                      "spell": {"level": 3, "resistable": False,
                                                "offensive": True}}}])
    doc["terrain"] = [piece(8, height=3)]
    result = rule(doc)
    assert of(result, "spell_target") == {("spell_target", "Shaman", "Knight", False)}
    assert "C36-LOS-WALL" in because(result, ("spell_target", "Shaman", "Knight", False))


# --- the sight entries still win -------------------------------------------------------------

def test_sight_cover_overrides_terrain_cover():
    # docs/rulebooks/chronopia.md: a sight entry's cover overrides terrain cover, whether a sight entry's wall or
    # the terrain's geometry gives it.
    entry = [{"from": "Archer", "to": "Knight", "cover": "none"}]
    assert hit(shot_through(piece(9.5), sight=entry)) == OPEN
    entry = [{"from": "Archer", "to": "Knight", "cover": "heavy"}]
    assert hit(shot_through(piece(5), sight=entry)) == HEAVY


def test_sight_los_overrides_a_blocking_wall():
    entry = [{"from": "Archer", "to": "Knight", "los": True}]
    result = rule(shot_through(piece(8, height=3), sight=entry))
    assert legal(result) == {"Knight": False}
    assert refused(result) == set()


# --- the document --------------------------------------------------------------------------

@pytest.mark.parametrize("edit,path", [
    (lambda t: t.update(to=t["from"]), "terrain[0].to"),
    (lambda t: t.update(kind="wood"), "terrain[0].kind"),
    (lambda t: t.update(height=-1), "terrain[0].height"),
    (lambda t: t.update(height=1.0001), "terrain[0].height"),
    (lambda t: t.pop("height"), "terrain[0].height"),
    (lambda t: t.update({"from": [1]}), "terrain[0].from"),
    (lambda t: t.update(colour="grey"), "terrain[0].colour"),
])
def test_bad_terrain_names_its_path(edit, path):
    doc = shot_through(piece(8))
    edit(doc["terrain"][0])
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(doc)
    assert caught.value.path == path


def test_two_pieces_of_one_id_are_refused():
    doc = shot_through(piece(8), piece(9))
    with pytest.raises(pybridge.InputError) as caught:
        pybridge.rule(doc)
    assert caught.value.path == "terrain[1].id"
