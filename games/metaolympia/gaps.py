"""Meta Olympia — the decision on every gap the rulebook leaves open (``MO-GAP-NN``).

Source: the "Gaps the source leaves open" part of ``shared/rules/checklists/metaolympia.md`` (copied to
``data/rules/metaolympia.md``); rule IDs ``MO-*`` refer to that checklist, the rulebook is
``shared/rules/metaolympia.md``. The bot enforces every rule itself with no human referee, so each decision
states the rule the engine (``games/metaolympia``) follows.

This is the one record of these decisions (:func:`games.core.gapdoc.parse` reads them from this docstring;
players read them through ``data/rules/metaolympia.rulings.yaml``, ``/rules``).

Gaps the source leaves open
---------------------------

MO-GAP-01 — Every die has Goal on 3 faces, Counter on 3, 4-Boost on 2, 8-Boost on 2, Special Ability on 1 and
    Injury on 1 (12 faces); all four dice are identical. Injury is on one face only because recovery needs the
    one Special Ability face: with two Injury faces, computer players' games held twice as many injured athletes
    and teams skipped Defining Moments for want of healthy athletes (13 times in 20 four-team games, never with
    one face). Any athlete's Goal scores 1
    and any athlete's Counter removes 1; the athlete's type matters through its printed boosts and combos.
MO-GAP-02 — The 12 Stage Tiles (data/metaolympia/tiles.yaml): white-bordered Fundraise, Fundraise, Strategize,
    Recruit; grey Recruit, Strategize, Fundraise, Scrimmage; black Scrimmage, Scrimmage, Recruit, Free Day.
    The border only constrains the layout (one of each colour per track). A tile is one space holding up to
    the tile capacity (MO-MOV-02). The default layout deals each stage one tile of each colour at random and
    orders the track at random (seeded).
MO-GAP-03 — The end of a stage has one Match Up spot per team still playing. Spots pair into brackets (1-2,
    3-4, ...); in every match the team on the lower-numbered spot is Home and acts second. The stage end board
    holds the spots, the two first major sponsors and those revealed later.
MO-GAP-04 — The card set in data/metaolympia/ is original (54 athlete designs, 33 tactic cards, 26 sponsors,
    24 scrimmage cards, 12 tiles; schema games/metaolympia/cards.py). Costs of tactic cards are in credits
    and/or popularity; Re-Roll and Medic are tactic kinds.
MO-GAP-05 — A market athlete that is recruited is replaced at once from the top of the athlete deck; the
    market is never otherwise refreshed.
MO-GAP-06 — When nobody rolls GOAL at the start, everyone rolls again.
MO-GAP-07 — A team may skip every tile and go straight to the end; the end has no capacity.
MO-GAP-08 — The team furthest back moves next; teams on the same tile move in the order they arrived there. At
    the start line, Stage 1 uses the turn order, later stages the reverse order of arrival at the previous
    stage's end (MO-RST-01).
MO-GAP-09 — An athlete plays at most one Defining Moment in a match (and in a scrimmage); every athlete is
    available again in the next match of a series. A team with no healthy athlete left to play skips its
    Reveal & Roll for that Defining Moment (no forfeit) and may then play only a Medic.
MO-GAP-10 — A drawn first match of a 3-team bracket sends its Away team to play the third team. In a best-of
    series a drawn match counts for nobody; the series stops as soon as a team has more than half of its
    length in wins, or after that many matches, when the team with more wins takes it (equal wins: the series
    is level). Every match of a series pays MO-RES-01/02.
MO-GAP-11 — In a scrimmage a Counter or sabotage has nothing to act on (tactic cards that only counter or
    injure are not offered); the card's score is fixed; each athlete plays at most one round; one pass ends a
    round's tactics; there is no recovery roll before a scrimmage.
MO-GAP-12 — Every major sponsor, the two revealed at set-up and those revealed later alike, is a public goal
    checked at final scoring: every team meeting it scores its prestige.
MO-GAP-13 — A minor sponsor's goal is checked at the time its card names: after each of its owner's matches
    (when: match), after each scrimmage its owner wins (when: scrimmage) or at final scoring (when: end). When
    met it is revealed at once, paid once (its prestige counts at final scoring, its credits and popularity
    come from the supply) and stays face up.
MO-GAP-14 — Combos look only within one match or scrimmage: the first athlete of a contest never combos.
MO-GAP-15 — Before any roll a team with 2 or more popularity may spend 2, 3 or 4 tokens to add 1, 2 or 3 dice
    (popularity and tactic dice stack, at most 4 dice in all), keeping one result. A recovery roll takes extra
    dice at 1 popularity each (up to 4 dice). Popularity held unlocks nothing by itself.
MO-GAP-16 — Tactic cards are played in the Play Tactic Cards set, one per turn, any number per Defining
    Moment; Re-Roll and Medic may also be played at once when an athlete of their owner is injured. Playing a
    tactic needs a healthy athlete of the player on the mat, except a Medic (heals any injured athlete) and a
    Re-Roll (rolls again for the athlete on the mat, healing it). Which tactic cards a team holds is secret,
    how many is public (MO-INF-01), so only the count decides who is asked: a team holding any tactic card is
    asked in each of its tactic turns and after each injury of its athlete in a contest, whatever it can pay or
    play (only the cards it can play now are offered; it may always pass or leave the athlete injured); a team
    holding none passes at once, with no pass in the log. Every other decision (bets, wagers, trades, mergers,
    recruiting, popularity dice) is asked on public counts and tokens only.
MO-GAP-17 — Equal final prestige is broken by more prestige tokens won in matches; teams still equal share the
    win.
MO-GAP-18 — The supply limits hold: 40 credits, 24 popularity and 24 prestige tokens (doubled in the Mega
    League). A gain is capped by what the supply holds (the log says so); spent tokens return to it. Prestige
    from sponsors and conversions is points, not tokens.
MO-GAP-19 — Face-down discards of sponsors and tactics never come back and scrimmage cards never return
    (MO-SCR-05): a Fundraise with an empty sponsor deck gives the credits, a Strategize or Scrimmage tile with
    an empty deck gives nothing, and a Free Day does not offer a Scrimmage then.
MO-GAP-20 — Gambling: each team not playing may bet 1 credit on one side (a match's winner; in a scrimmage the
    player beating the card, or the card holding); a right bet wins 1 credit from the supply, a wrong one pays
    1; a draw or tie returns every bet. A team without credits cannot bet. Side wagers: one offer per team not
    playing per contest, 1 to 5 credits, never more than either team holds; the partner accepts or declines;
    the loser pays the winner, a draw calls it off.
MO-GAP-21 — Fewer stages: two stages of six tiles (two of each border colour); Stage 1 ends with a regular
    Tournament and Stage 2 with the Final Championship. Mega League (5 to 8 teams): every track doubles (two
    of each colour; four with fewer stages), decks and supply double, brackets pair spots 1-2, 3-4, 5-6, 7-8,
    an odd last spot plays the loser of bracket 1, and the final round robin is scheduled by the circle
    method; matches are played one after another.
MO-GAP-22 — A merger may be proposed at the start of Stages 2 to 4 (a full stage remains) with 3 or more teams
    playing. The acquiring team keeps its seat, name and colour; the dissolved team's player co-manages it
    (answers its decisions). Athletes beyond the 6 kept go face up to the athlete discard pile; the dissolved
    team's revealed minor sponsors and kept scrimmage cards leave the game; revealed major sponsors stay (they
    belong to nobody). The dissolved team's player shares the acquiring team's result.
MO-GAP-23 — In every match the team on the lower-numbered Match Up spot is Home: in a series, in the second
    match of a 3-team bracket and in every round-robin match.
MO-GAP-24 — On a timeout: the nearest tile (the first destination listed), the first free spot, a Fundraise
    takes the credits, recruiting is declined, the first listed athlete or card is chosen, tactic turns pass,
    no popularity is spent, the first listed die is kept, injuries are left, bets, wagers, trades and mergers
    are declined.
"""

from __future__ import annotations

from games.core import gapdoc

__all__ = ["DECISIONS", "SECTIONS"]

DECISIONS: dict[str, str]
"""Gap ID (``"MO-GAP-20"``) -> its decision, one line of text, as written in this module's docstring."""
SECTIONS: dict[str, list[str]]
"""Checklist group title -> the gap IDs decided under it, in checklist order."""
DECISIONS, SECTIONS = gapdoc.parse(gapdoc.module_doc(__doc__, __file__), "MO")

