"""The ruling kinds of the chronopia rulebook: fields (in the order of the ruling term's
arguments) and how a judge would say each."""

from ..base import RulingKind

# Why a named target is refused (target_refused.reason), first match in this order
# (asp/chronopia/targeting.lp): the word and how a judge says it.
REFUSALS = {
    "not_enemy": "it is not an enemy",
    "out_of_arc": "it is outside the shooter's front 180 degrees",
    "no_line_of_sight": "there is no line of sight to it",
    "model_in_the_way": "a model stands in the line of fire",
    "no_corridor": "the corridor between friendly models is narrower than 1 inch",
    "behind_wall": "a wall or hedge taller than it blocks the line of sight",
    "behind_wood": "3 inches or more of wood block the line of sight",
    "dead_zone": "it stands in the dead zone",
    "hidden": "it is hidden",
    "enemy_within_12": "a non-panicked enemy unit within 12 inches must be shot at first",
    "not_nearest_unit": "the nearest enemy unit comes first (a target of opportunity is "
                        "one in the open, preferred to a nearer one in cover)",
    "not_nearest": "it is not the nearest (non-panicked) model of its unit",
}


OPPORTUNITY = " after a passed LD test (target of opportunity)"


def _yes(value, yes, no):
    return yes if value else no


def _words(name):
    """A vocabulary name as words: ``flees_from_causer`` -> ``flees from causer``."""
    return name.replace("_", " ")


KINDS = (
    RulingKind("legal_target", ("shooter", "target", "needs_ld_test"),
               lambda r: f"{r['shooter']} may shoot at {r['target']}"
                         f"{_yes(r['needs_ld_test'], OPPORTUNITY, '')}."),
    RulingKind("target_refused", ("shooter", "target", "reason"),
               lambda r: f"{r['shooter']} may not shoot at {r['target']}: "
                         f"{REFUSALS.get(r['reason'], _words(r['reason']))}."),
    RulingKind("ld_test", ("shooter", "target", "ld", "passed"),
               lambda r: f"{r['shooter']}'s LD test (LD {r['ld']}) to shoot at the target of "
                         f"opportunity {r['target']} is "
                         f"{_yes(r['passed'], 'passed.', 'failed: the action is lost.')}"),
    RulingKind("shots", ("shooter", "value"),
               lambda r: f"{r['shooter']} may fire {r['value']} "
                         f"{_yes(r['value'] == 1, 'time', 'times')} in this activation (rate "
                         "of fire)."),
    RulingKind("out_of_range", ("shooter", "target"),
               lambda r: f"{r['target']} is beyond {r['shooter']}'s maximum range: the action "
                         "is lost."),
    RulingKind("hit_number", ("shooter", "target", "value"),
               lambda r: f"{r['shooter']} hits {r['target']} on {r['value']} or less "
                         "(an unmodified 1 always hits)."),
    RulingKind("excellent_possible", ("shooter", "target", "value"),
               lambda r: f"An unmodified 1 by {r['shooter']} at {r['target']} is "
                         f"{_yes(r['value'], 'an excellent success', 'an ordinary hit')}."),
    RulingKind("friendly_fire_number", ("shooter", "friend", "value"),
               lambda r: f"On a miss, {r['shooter']} tests {r['value']} or less against "
                         f"{r['friend']}."),
    RulingKind("save_number", ("shooter", "target", "value"),
               lambda r: f"{r['target']} saves against {r['shooter']} on {r['value']} or less."),
    RulingKind("cast_number", ("caster", "value"),
               lambda r: f"{r['caster']} casts on {r['value']} or less."),
    RulingKind("cast_actions", ("caster", "needed", "left", "fits"),
               lambda r: f"{r['caster']}'s spell takes {r['needed']} of the {r['left']} "
                         f"action(s) it has left this activation: it "
                         f"{_yes(r['fits'], 'can', 'cannot')} be cast in this activation."),
    RulingKind("resist_number", ("caster", "target", "value"),
               lambda r: f"{r['target']} resists {r['caster']}'s spell on {r['value']} or less."),
    RulingKind("spell_target", ("caster", "target", "legal"),
               lambda r: f"{r['caster']} {_yes(r['legal'], 'may', 'may not')} cast on "
                         f"{r['target']}."),
    RulingKind("pre_battle", ("caster", "allowed"),
               lambda r: f"{r['caster']} {_yes(r['allowed'], 'may', 'may not')} cast the spell "
                         "before the battle."),
    RulingKind("skips_first_activation", ("caster",),
               lambda r: f"{r['caster']} gives up its first activation."),
    RulingKind("summon", ("summoner", "placement_ok", "allowed"),
               lambda r: f"{r['summoner']} {_yes(r['allowed'], 'may', 'may not')} summon; the "
                         f"placement is {_yes(r['placement_ok'], 'valid', 'too far')}."),
    RulingKind("control_cost", ("summoner", "value"),
               lambda r: f"{r['summoner']} needs {r['value']} "
                         f"{_yes(r['value'] == 1, 'action', 'actions')} to keep control."),
    # (a unit's name is often a plural, "Ghouls": the sentence names it as a unit)
    RulingKind("rampages", ("unit",), lambda r: f"The unit {r['unit']} rampages."),
    RulingKind("regains_control", ("unit",),
               lambda r: f"{r['unit']}'s summoner regains control by paying an action at its "
                         "next activation."),
    RulingKind("morale_test", ("unit", "factor", "treated_as", "value"),
               lambda r: f"{r['unit']} tests {r['factor']}"
                         f"{'' if r['treated_as'] == r['factor'] else ' as ' + r['treated_as']}"
                         f" on {r['value']} or less."),
    RulingKind("immune", ("unit", "factor"),
               lambda r: f"{r['unit']} is immune to {r['factor']}."),
    RulingKind("no_test", ("unit", "factor", "reason"),
               lambda r: f"{r['unit']} takes no {r['factor']} test ({_words(r['reason'])})."),
    # shown under their query (text output groups rulings by query)
    RulingKind("outcome", ("query", "result"),
               lambda r: f"Result: {_words(r['result'])}."),
    RulingKind("chance", ("query", "die", "result", "in", "of"),
               lambda r: f"{_words(r['result']).capitalize()} in {r['in']} of {r['of']}"
                         f"{'' if r['die'] == 'first' else ' (' + r['die'] + ' die)'}."),
)
