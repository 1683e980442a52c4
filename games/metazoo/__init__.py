"""MetaZoo — the TCG where your surroundings matter (``shared/rules/metazoo.md``; rule IDs ``MZ-*``).

``GAME`` is the :class:`games.core.Game` for MetaZoo, registered in ``games.REGISTRY`` (issue 16). The rules live in :mod:`games.metazoo.rules`, the
state in :mod:`games.metazoo.state`, the Page schema in :mod:`games.metazoo.cards` (its docstring documents
the effect vocabulary), the pool, Aura wheel and Spellbook legality in :mod:`games.metazoo.pool`. The
4th Wall / real-sky evaluation is :mod:`games.metazoo.sky`. The decisions on the rulebook's gaps at the
end of this docstring are :func:`games.metazoo.gaps.numbered` word for word (the one record is
:mod:`games.metazoo.gaps`; ``tests/metazoo/test_gaps.py`` keeps the two equal).

Built (with tests naming the IDs; ``rule_coverage.py --game metazoo``: 249/253 named)
-------------------------------------------------------------------------------------
* Page model and state: MZ-CORE-01/02/03/07/08/09/10, MZ-OWN-01/02/05, MZ-ZONE-01..06, MZ-LP-01..07.
* Set-up and mulligan: MZ-SETUP-01..05 (coin-flip prediction, choice of first, Bookmarking 7, N-1
  mulligans), MZ-RNG-01..03 (every flip is a logged D6, even = heads).
* Turn steps 1a-3d in order: MZ-TURN-01..16 (face-down placement and one move, Powers).
* 2 to 4 Casters (MZ-GAP-12/13, :mod:`games.metazoo.multi`): turns, windows and priority clockwise, a chain
  resolves when every other Caster passed in a row, Attacks on any opponent, a Caster at 0 LP leaves
  (``out_seats``) and the last one standing wins; the computer player focuses one opponent at a time.
* Aura: MZ-AURA-01..03, 05..10 (generation is not an Action and never passes priority, MZ-PRIO-08; costs
  paid from the pool only; one Aura Page per turn; Terra only in Take Actions); Convert (MZ-CONVERT-01).
* Priority and the resolution chain: MZ-PRIO-01..10 (every Contract, Effect and Power waits on the chain;
  a single pass resolves it last in, first out; "stop" and "reflect"), MZ-KW-01..04 (ARENA: Attack
  Damage bonuses only, so far), MZ-SIM-03; the
  active Caster's ordering prompt for simultaneous end-of-turn Poison and Regen (MZ-SIM-01/05, step
  ``order``, timeout: the listed order); the same prompt orders a Spell's Damage and Frozen/Sleep
  (MZ-SIM-02) and the FLIPPED Effects of Traps flipped at once (MZ-SIM-04); the prompts that pause a chain
  are in :mod:`games.metazoo.effects`.
* Combat: MZ-COMBAT-01..25 (declare, Burn LP Loss, targets, trap flip, windows A and B, Defenders, Primary
  Defender striking back, First-Strike with the coin, the end test, DESTROYED Effects at once; the attacking
  Caster splits the Damage over several Defenders, :mod:`games.metazoo.allocation`, MZ-GAP-34), Type
  Advantage (MZ-TYPE-01/02/05/06) and Aura Attack Advantage (MZ-AAA-01..04) against the Primary Defender,
  Tribal Boost (MZ-TRIBE-01..04), Paralyze → 0.
* Status Effects: MZ-STATUS-01..07 and every Status (Frozen, Burn, Poison, Paralyze, Sleep, Scared,
  Confusion) with their counters, expiry and Damage clauses.
* Traits: Blood Sucker, Burrow, Convert, Defender, Destroyer, Fear, First-Strike, Flash, Fleet, Flight,
  Immortal, Infectious (nameless Beastie tokens, MZ-TOKEN-01..04, MZ-TGT-04), Invisible, Magiproof, Regen,
  Self-Destruct, Spirit, Stone Skin, Trap, Unblockable, Venomous.
* Equipment: MZ-EQUIP-01..04/06..08/10, MZ-EQUIPTRAIT-01 (an ``equip`` bonus of Damage, LP and Traits while
  attached; a Beastie may decline to equip; an Equipment may weaken an opposing Beastie); Unequip (MZ-EQUIP-09,
  MZ-GAP-59).
* Tokens and copies: copy tokens of Beasties and Artifacts, copies of Spells and Potions on the chain with new
  targets (MZ-TOKEN-05/06, MZ-GAP-64/65). Placement on top of / underneath, stacks moving and leaving together
  (MZ-PLACE-01..08, :mod:`games.metazoo.placement`), control changes by Effects (``take_control``).
* Aura and types: Aura Pages Fatigued by Effects make no Aura (MZ-AURA-04); Aura Cost changes only by Effects
  about that cost (MZ-AURA-11); Base type and Aura Cost change independently (MZ-TYPE-04).
* Effects: search (MZ-INFO-02), Index with the opponent's ordering prompt (MZ-INFO-04, MZ-GAP-71), "you" = the
  controller (MZ-OWN-03), an Effect that wins (MZ-WIN-03), dual
  Aura types (MZ-TYPE-03).
* Traps: MZ-TRAP-01..11 (bluffs allowed, a revealed non-Trap loses unless its placer cannot lose; pay or
  decline; Traps flipped by an Effect).
* Terra slots and rotation: MZ-TERRA-01/04/05/06/07/08.
* Terra Bonuses and 4th Wall Effects (:mod:`games.metazoo.wall` over :mod:`games.metazoo.sky`; issue 16
  item 2): MZ-WALL-01..06, MZ-TERRA-02/03/09/10/11. The ``new_game`` options ``surroundings`` (virtual,
  derived, declared), ``place``, ``profiles`` and ``clock``, frozen at game start; the host's clock through
  ``observe``, read once per turn at step 1a (MZ-GAP-69); yes/no questions (step ``sky``) at step 1a and
  before an Action a condition could stop (held, then carried out or refused); "cannot be Contracted",
  "cannot declare Attacks", "returns to its Chapter" and Traits gained; Terra Damage bonuses at step (c)
  and LP bonuses (the 0-LP check when one ends); Special Terra start- and end-of-turn Effects; the public
  board's ``sky`` (mode, instant, place, the open question, this turn's answers with their bases).
* End of game: MZ-WIN-01/02/04/05, MZ-EMPTY-01/02, concession (MZ-GAP-81).
* Spellbooks: MZ-BOOK-01/02/03 (configurable maximum 60), MZ-INFO-01; the Archive (``pool.validate_archive``,
  ``pool.archive_swap``: MZ-BOOK-04/06) in saved decks and series on the host (``series_lengths``,
  bot/series.py: MZ-BOOK-05, MZ-GAP-75); Look and Reveal (MZ-INFO-03).

Not yet built (the next sessions)
---------------------------------
Simultaneous CONTRACT effects (MZ-SIM-04: they cannot yet arise) and the other end-of-turn removals
(fixed order); Infectious from Effects or Powers (only Attacks make tokens now); ARENA continuous Effects other
than Attack bonuses; dual-type checks (MZ-TYPE-03, no dual Page yet); 3-4
Casters (MZ-GAP-12).

Host rules ([host] in the checklist)
------------------------------------
* MZ-RNG-03, MZ-SETUP-02/03: one seeded RNG in the state makes every shuffle, flip and roll; each flip is a
  D6 (MZ-RNG-02) logged publicly with its reason and the Caster who flips.
* MZ-CORE-08, MZ-TRAP-11: the Chapter, the Spellbook's order and face-down Pages' identities appear only in
  their controller's private view and private events. Arena Pages are named by a handle (``#uid``) given
  afresh on each entry into the Arena, never by their instance number, so a handle says nothing about a
  face-down Page.
* MZ-PRIO-10, MZ-GAP-24 timeouts: predict heads, go first, keep, pass, end Take Actions, back, no more
  Defenders, decline to pay a Trap, place a Trap standalone, burrow nothing more, the first listed end-of-turn
  item (MZ-SIM-05), the first Primary Defender option, the automatic Damage split (MZ-GAP-34), the printed
  order of a Spell's Damage and Status, the revealed order of an Index, the first legal target of a copy.

Decisions on the gaps the rulebook leaves open (``MZ-GAP-NN``):
01 The pool in ``data/metazoo/`` is original: original names and texts (folklore creatures allowed),
   every Effect written in the fixed vocabulary of ``games/metazoo/cards.py``. The rulebook's example
   Pages exist only as test stand-ins with neutral names (now in ``data/metazoo/test-pool.yaml``: Fire
   Dart for Fireball, Mirror Ward for Reflection, Hush for Dampen, Hearth Brownie for Chupacabra); no
   publisher text or art is copied.
02 Every printed icon is a data field of a Page (schema and loader: ``games/metazoo/cards.py``): Aura
   Cost as type -> count (Neutral included); Attacks with name, Damage, Status icon with its number
   (Frozen X) and whether it skips the coin flip, Aura Attack Advantage type and text; Traits (only
   Regen may repeat); one Tribe and a Tribal Boost flag; Effects with their keyword timing (CONTRACT,
   FLIPPED, ARENA, DESTROYED, "any time", Power, start or end of turn), target and steps; an "any time"
   flag for the Page; Terra Bonuses as (bonus, Attack Damage, LP); 4th Wall clauses as (condition,
   consequence): the condition a Terra Bonus name or an object, room or person phrase, the consequence
   "cannot be Contracted", "cannot declare Attacks", "returns to its Caster's Chapter" or a Trait
   gained; an Equipment's bonus; set symbol; Spellbook Limit (none = unlimited). The loader rejects
   anything else.
03 An Artifact's "Abilities" are not a separate kind: each is an ordinary Effect (ARENA, keyword or "any
   time" Effect) or a Power, and follows that kind's rules.
04 A Special Aura Page belongs to no other Aura type: it is Special for every check and has no Type
   Advantage. When Fatigued for Aura, it makes one Aura of a type its card-defined condition allows now;
   the controller chooses when several are allowed (timeout: the first listed). Now the data has no such
   conditions and the pool no Special Aura Page: a Special Aura Page would make one Special Aura, which
   pays only Neutral components.
05 Neutral Aura exists as a resource (Basic Neutral Aura Pages make it) and pays only Neutral cost
   components; any Aura pays a Neutral component (MZ-AURA-05).
06 Aura and Terra Pages carry an Aura Cost like every Page, empty (0) unless a cost is printed; a
   non-zero cost is paid from the pool like any Contract. Basic Aura and Terra Pages cost nothing.
07 The wheel is data (``data/metazoo/wheel.yaml``), read with the dealing Page's Base type(s). Elements,
   one cycle: Water > Flame > Forest > Earth > Lightning > Water. Mystic and Frost: Frost > Cosmic >
   Light > Dark > Frost, and also Light > Spirit > Cosmic (the rulebook's Light > Dark and its flavour
   text's Light against Spirit). Every one of the ten types is strong against at least one other and
   weak to at least one; Neutral and Special are strong against nothing and nothing is strong against
   them.
08 Type Advantage is +20 once per Damage dealt, however many type pairs match.
09 In Combat, Type Advantage is checked against the Primary Defender only (for the Primary Defender's
   own Attack: against the attacker), never against a Caster or a face-down Page, and added once to the
   Damage before it is allocated (like Aura Attack Advantage, so one number is allocated). A non-Combat
   Effect that damages several Pages checks each Page it damages.
10 Aura Attack Advantage enlarges the whole Damage before allocation, and it adds to Type Advantage:
   both can apply to one Attack, +40 in all (MZ-AAA-03).
11 A token's Aura type: an Infectious token takes its source's first Base Aura type; a copy token takes
   the copied Page's Base type(s) (copies: MZ-TOKEN-05/06, the ``copy`` step); any other token takes the
   type its creating Effect names, else Neutral.
12 2 to 4 Casters, free-for-all (a table with 1 or 5 seats is refused). Turns go clockwise (seat order)
   from the first Caster. The second seat (seat 1, the Caster who joined the table) predicts the seeded
   coin against the first seat (seat 0); whoever wins the choice picks "go first" or "go second"
   (second: the Caster before them clockwise starts). "Opposing" and "each opponent" mean every other
   Caster still in the game: an Attack may target any opposing Caster or their Pages, and an Effect over
   every opponent reaches each of them. Only the Caster controlling the original target declares
   Defenders, from their own Beasties. A Caster at 0 LP (or revealed bluffing, or conceding) loses and
   leaves: every Page they own leaves the Arena and the game (not Destroyed, no DESTROYED effects),
   Pages of others they controlled return to their owners' control, their chain entries are removed, and
   if it was their turn the turn ends at once (the rest of the chain ends, each Contracted Page to its
   owner's zone as a stopped Contract, MZ-GAP-16) and the next Caster clockwise begins; the last Caster
   left wins. Window A goes to the targeted Caster, window B to the attacker, and responses pass
   clockwise (MZ-GAP-13). The 6 Terra slots are shared by every Caster. Status durations count every
   Caster's turns (Poison: placed in turn T, gone at the start of T+2); "their next turn" counts that
   Caster's own.
13 With two Casters one pass resolves the chain (the rulebook's example). In general a chain resolves
   when every Caster other than the one who took the last Action has passed in a row; the whole chain
   then resolves last in, first out, with no priority between entries. A fixed window (steps 1b, 3a)
   offers priority once to each Caster, active Caster first then clockwise; a chain started in it
   follows the chain rules, and afterwards the window goes on with the Casters not yet offered, never
   restarting; when each has been offered once, the step ends.
14 After a chain resolves in the Take Actions step, the active Caster goes on with an empty chain; in a
   fixed window the window goes on (MZ-GAP-13); in a Combat window Combat goes on to its next step. A
   non-active Caster gets priority with an empty chain only in the fixed and Combat windows and after a
   Trap is moved (MZ-GAP-18); their pass gives the active Caster their Take Actions step back.
15 No: everything that is not "any time" (Contracting a Page without "any time", attacking, Powers,
   placing or moving Traps, Convert, Self-Destruct) is done only by the active Caster in their Take
   Actions step with an empty chain and no Combat in progress. On a chain, in a fixed window or in
   Combat every Caster, the active one included, may only generate Aura and Contract or use "any time"
   Pages and Effects.
16 A chain entry resolves what it still can: targets that left the Arena are skipped (a target still
   there is not checked again, so one that became Magiproof or burrowed is still affected), steps
   without targets still happen, and an Effect still resolves after its source left the Arena. A stopped
   entry does nothing; a stopped Contract's Page goes to its owner's zone for its type (a Spell or
   Potion to the Cemetery, MZ-ZONE-04), not Destroyed.
17 Every Contract (Aura and Terra included) is an Action: once paid, the Page waits on the chain and
   resolves when the chain does; opponents may respond. Stopping Effects can target only Spells, Potions
   and Effects on the chain, so a Beastie, Artifact, Aura or Terra Contract cannot be stopped; a stopped
   Aura Page would still use the turn's Aura Contract.
18 Placing a face-down Trap is a Take Actions option but not an Action: it passes no priority, since
   there is nothing visible to respond to. Moving one is an Action (the rulebook lists it): the move
   happens at once, then priority passes.
19 Once per Trap Page: only a standalone face-down Trap may be moved, once, under one of its
   controller's face-up Beasties or Artifacts with no Trap under it, and a Trap under a Page is not
   moved again. A Trap placed this turn may be moved this turn.
20 An "any time" Effect of a face-up Page in the Arena needs no Awakening and does not Fatigue the Page
   (the vocabulary has no Fatigue cost); it is usable once per turn per Page, so a free Effect cannot
   loop forever, and only with a legal target. Burrowed Beasties may use it (Burrow stops Powers only);
   Paralyzed Pages may not (no Effect text, MZ-GAP-48). Using it is an Action: it goes on the chain.
21 Artifacts use Powers exactly like Beasties: only in their controller's Take Actions step, the Page
   must be Awakened (not burrowed or Paralyzed) and is Fatigued (Scared applies); the data has no "does
   not Fatigue" flag, so every Power Fatigues its Page.
22 Confirmed: no first-turn exceptions. The first Caster Bookmarks in step 1c of turn 1 and may attack
   on turn 1.
23 Mulligans are decided one Caster at a time, the first Caster first, then the next clockwise; each
   sees the earlier choices and Chapter sizes in the public log, and a Caster who mulligans decides
   again before the next Caster. Timeout: keep.
24 Every prompt has the table's deadline and a documented default (the decision's default): coin
   prediction, heads; go first or second, first; mulligan, keep; burrowing, nothing more; priority
   offer, pass; Take Actions step, end it (go to step 3); a target (of a Page, an Effect, a Power, Fear
   or Flash, an Equipment or an Attack), back (the Action is not taken); the target of a copied Spell,
   the first legal target; where a face-down Page goes, standalone; Trap payment, do not pay; Defenders,
   no more; the Primary Defender and its Attack, the first listed option; Damage allocation, the
   automatic fill (MZ-GAP-34); ordering, the first listed item (Damage or Status: the printed order; the
   Pages an Index revealed: the revealed order); 4th Wall confirmation, not met (a yes/no question whose
   default is no, logged as the Caster's answer; details in games/metazoo/sky.py and
   games/metazoo/wall.py). Every priority offer is a decision, even when Pass is the only option, and a
   response window (the table's response deadline, default pass). A decision whose one option follows
   from what everyone sees (a priority offer or a Take Actions step of a Caster with an empty Chapter
   and nothing else to do, a mulligan with no Page to Bookmark, no Beastie that can burrow or defend,
   one Primary Defender choice, a flipped Trap that cannot be paid) is forced: the host applies it at
   once and logs it (issue 27). Coin flips and dice need no prompt (the seeded RNG, logged). Who is
   asked never depends on hidden Pages (issue 26): priority goes to every Caster in turn whatever their
   Chapter holds; burrowing, Defenders, the Primary Defender, Trap payment (asked of the flipped Trap's
   controller once the flip has made it public), ordering, Damage allocation and 4th Wall questions
   follow the public board, Aura pools and Chapter and Spellbook sizes; while a Caster chooses the
   target of an Action or where a face-down Page goes, the others see them still at the step they chose
   it from (Take Actions or priority).
25 "Start of turn effects" are the Effects resolved in step 1a; Aura they generated survives step 1e.
   All other Aura in every Caster's pool dissolves at step 1e (the non-active Casters' pools too), and
   every pool empties at step 3c. Now only Special Terra Pages in the Terra slots run start- and
   end-of-turn Effects (MZ-TERRA-09: at step 1a after the Status ticks, and at step 3b after its fixed
   part, in slot order) and no Effect makes Aura, so step 1e empties every pool.
26 Yes: at the start of every turn (any Caster's), each Caster may declare their face-up Burrow Beasties
   burrowed, one at a time, the active Caster first then clockwise, each public. This comes at the end
   of step 1a, after its Status ticks and before the fixed window of step 1b; burrowed ends at step 3b
   of that turn.
27 No: an Effect that puts an Aura Page into the Arena is not the step 2a Contract and does not use it
   (unless the Effect says it Contracts from the Chapter); the Page enters Awakened.
28 No: a Beastie with no Attacks cannot declare an Attack.
29 Only Beasties declare Attacks; no card Effect lets an Artifact attack and the pool has none. On an
   Artifact, Invisible therefore only stops it from being the target of an Attack, and Unblockable does
   nothing.
30 A paid Beastie or Artifact Trap flipped by an Attack enters the Arena Fatigued (that does not
   matter). A Trap that was under the attacked Page becomes a Defender; a standalone Trap that was the
   Attack's target becomes the original target. The defending Caster chooses the Primary Defender among
   the Defenders, a Trap Artifact included (an Artifact, or a Beastie with no Attack, strikes nothing
   back); with no Defender the original target is the Primary Defender. A Trap Beastie chosen strikes
   back (MZ-GAP-36).
31 If the original target is a standalone Trap that does not become a Page in the Arena as a Beastie or
   Artifact (a Spell or Potion that resolved, or an unpaid one), Combat ends at once after the flip and
   payment: no window A, no Defenders, no Damage; the attacker stays Fatigued and Burn LP Loss already
   paid stays. A bluff ends the game instead (MZ-TRAP-06). An unpaid or Spell Trap under the attacked
   Page leaves the Combat going on against that Page.
32 Order: the attacking Caster chooses Beastie and Attack, then the target (one Action; "back" cancels
   it); then the Fatigue (Scared flip, MZ-GAP-41), Burn LP Loss (the attacking Caster's, then the
   attacker's), Sleep removed from a targeted Page, the Trap flip, its controller pays or not (they may
   generate Aura first), a paid Spell or Potion Trap resolves its FLIPPED Effects at once with no chain,
   then window A. No Effect changes the Attack's target.
33 Combat ends when Defenders would be declared and the attacker, or (with no Defenders) the original
   target Page, has left; and after the first Attack when the attacker has left or nothing of the
   defending side (Defenders, Primary Defender, original target; a Caster target remains while in the
   game) is left. A Primary Defender that leaves is not replaced: it strikes nothing back, and the
   attacker's Damage still goes to the Defenders that are left, if any.
34 The attacking Caster allocates the Damage among the Defenders still in the Arena when two or more are
   left (``games/metazoo/allocation.py``): one Defender at a time in declaration order, each a multiple
   of 5, at least 5 each when the Damage covers 5 for every Defender; the last Defender takes what is
   left unless every Defender got at least its current LP, and only then may the rest go to the original
   target (if it is still there; MZ-COMBAT-21). Damage that is not a multiple of 5 leaves its odd
   remainder with the last receiver, so nothing is lost. A step with one legal amount is applied without
   asking. With one Defender the fill below applies with no prompt. The timeout default of each step is
   the fill's amount (or the legal amount nearest to it): 5 to each Defender if the Damage covers 5
   each, then each Defender in declaration order up to its current LP (rounded up to a multiple of 5);
   only when every Defender got its current LP does the rest go to the original target (if it is still
   there), otherwise the rest goes to the first Defender. An Immortal at 0 LP needs only its 5.
35 When Defenders were declared, the original target is not a Defender: no 5-Damage minimum, it takes
   only overflow Damage, the attacker's Status icon goes to the Primary Defender, and for Stone Skin it
   is not in the Combat (Stone Skin stops the overflow it takes). The Frozen and Sleep clauses count the
   Combat in which the Indicator was inflicted, whichever Page takes the Damage.
36 Yes: an automatic Primary Defender with an Attack strikes back whether Fatigued, Frozen, Sleeping or
   burrowed, since striking back is neither declaring an Attack nor being declared a Defender. A
   Paralyzed one strikes for 0 with no Effects (MZ-PARALYZE-02).
37 The Primary Defender's Status icon inflicts the attacking Beastie, with that Status's flip rule. A
   Caster Primary Defender can receive only Burn and Poison from the attacker's icon; an Artifact only
   Frozen; anything else does nothing (MZ-STATUS-01).
38 "This Attack deals +N" in an Attack's text is a modifier of the Attack Damage (step d). Damage the
   text deals separately ("deals 20 to each opposing Beastie") is Effect Damage: Destroyer and Blood
   Sucker ignore it and Stone Skin reduces it to 0, but Type Advantage applies (any Damage by a Page).
   For Sleep and Frozen only the Combat matters, not the kind of Damage.
39 Within one step additions come before multiplications; steps go b (Type and Aura Attack Advantage), c
   (the attacker's active Terra Bonuses), d (Tribal Boost's +10 per Beastie, ARENA bonuses, Equipment),
   then Paralyze sets 0. Halving rounds up to a multiple of 5; Damage is never below 0. No Page
   multiplies or halves Damage yet.
40 On the receiving side Stone Skin applies first (Damage it stops is 0, and Damage reduced to 0 is not
   "taking Damage", so it wakes nothing), then Sleep doubles the Damage after all of the dealer's
   modifiers. Confusion's self-Damage is the Attack's Damage with every modifier but Type and Aura
   Attack Advantage; it is Damage from an Effect during Combat, so Stone Skin reduces it to 0.
41 The Scared flip comes before the Fatigue. Tails: the Page returns to its owner's Chapter and the
   Action does not happen (no Attack, no Defender, no Power, no Aura; no Burn loss). Heads: the
   Indicator is removed and the Page is Fatigued as usual.
42 Venomous inflicts Poison (1) when its Beastie becomes the Primary Defender (end of step 2, before
   window B), so it happens even if First-Strike later Destroys the Venomous Beastie.
43 No: Damage to Artifacts does not count for Blood Sucker (the Trait names Beasties and Casters).
44 Damage reduced to 0 is not dealt, so Destroyer needs Damage above 0 actually taken (LP removed).
   Destroyer works on any Beastie or Artifact its Attack damages, a flipped Trap Defender included.
45 Burn always rolls a D6 for its counters (one roll for every target of one Effect, MZ-SIM-03); a
   number printed with Burn does not fix them. Burn LP Loss on declaring comes after the Scared flip and
   the choice of target, before the Trap flip; if it Destroys the attacker, Combat ends with no flip and
   no windows.
46 "Their next turn" is the next turn of that Caster that starts after the Flash: hit during their own
   turn, the restriction lasts the rest of that turn and their whole next turn.
47 Only Regen stacks. Two copies of any other Trait act as one.
48 Traits are not Effect text, so a Paralyzed Page keeps its Traits (Flight, Regen, Venomous, Immortal,
   …) but loses Powers, "any time" Effects, ARENA Effects and Tribal Boost; its Attacks lose their text
   and Status icons.
49 Frozen with X of 0 (or none printed) places one counter; X is never negative in the data. Damage
   reduced to 0 does not remove Frozen, and removal by Damage does not Awaken the Page.
50 Yes: "Poison (N)" places N Indicators (up to the cap of 3), each with its own placement turn. Now
   each infliction places one Indicator (the pool prints no Poison number above 1).
51 A Caster's Indicators and counters are shown next to their LP on the public board and tick on every
   turn exactly like a Page's.
52 A lower maximum LP is not LP Loss (no LP Loss triggers) and all Damage and LP Loss are kept; a Page
   whose current LP is now 0 is Destroyed at once unless Immortal (MZ-LP-05). This covers the end of a
   Defender Trait turn, a smaller Tribal Boost (a Beastie of the Tribe leaving, or the Page Paralyzed),
   an Equipment's LP bonus leaving and an ending Terra LP bonus. Damage and LP Loss Destroy the Page
   they bring to 0 at once; the engine also checks every face-up Beastie and Artifact for 0 LP after
   each Destroy, a Paralyze, the end of a Defender Trait turn and every applied choice, and Destroys
   them one at a time in Arena order until none is left, since each Destroy can lower another Page's
   maximum LP.
53 An Immortal at 0 LP stays a normal Page: it may attack, be declared a Defender, be the Primary
   Defender and be allocated Damage (its current LP is 0), and recovering raises its LP normally.
54 An Infectious token's maximum LP is the source's printed LP; its Attacks keep the source's names with
   printed Damage and Aura Attack Advantage only (no text, no Status icons); it has no name (shown as
   "Beastie token"), Tribe or Traits, takes the source's first Base Aura type and enters Fatigued, owned
   and controlled by the source's controller; leaving the Arena, it is removed from the game.
55 Convert makes one Aura of the Page's first Base Aura type (Neutral for a Page whose cost is Neutral
   or empty); it is not an Action: in the Take Actions step it Fatigues the Page (Scared applies) and
   passes no priority.
56 Self-Destruct is not an Action: only in its controller's Take Actions step, the Page is Fatigued
   (Scared applies: on tails it is Scared away instead) and Destroyed at once, its DESTROYED effects
   resolving; no priority passes, so opponents cannot respond to it.
57 Traits are not restricted by Page type in the data. On an Artifact, Regen, Stone Skin, Immortal,
   Burrow and Venomous work as on a Beastie; Destroyer, Blood Sucker, First-Strike and Infectious need
   an Attack, and Fear and Flash a Contracted Beastie, so on an Artifact they do nothing. The pool puts
   none of these Traits on an Artifact.
58 Fear and Flash: the optional target (an opposing Beastie; timeout: back) is chosen when the Beastie
   is Contracted; the flip is made after it enters the Arena, after its CONTRACT effects. A token
   returned by Fear is removed from the game. Now a Beastie Contracted by paying for a flipped Trap
   makes no Fear or Flash flip.
59 An Equipment goes on the Page its CONTRACT Effect targets: a face-up Beastie or Artifact in the Arena
   (an opponent's only if that target says so, as Gleipnir's does; tokens included; never Aura, Terra or
   face-down Pages). A Page may carry any number of Equipment; an Equipment Beastie may instead enter
   the Arena as a Beastie (MZ-EQUIP-04). An equipped Beastie is not in the Arena: it is not counted,
   cannot attack or be targeted, and gives no Tribal Boost. When the equipped Page leaves the Arena,
   each Equipment goes to its owner's zone for its type (MZ-EQUIP-08). An Unequipped Page (MZ-EQUIP-09,
   the ``unequip`` step) goes to its owner's zone for its type, not Destroyed, and its bonus stops at
   once.
60 Paying is optional: the controller chooses to pay or not (timeout: not), and not paying is a
   "failure": the Page goes to the Afterlife and nothing happens. Aura may be generated for it at the
   payment prompt, mid-Combat included. Paying is Contracting, so its CONTRACT effects and "when
   Contracted" Traits will happen along with its FLIPPED ones, ordered by the active Caster; now a paid
   Trap's FLIPPED Effects run (several Traps flipped at once by an Effect: their controllers pay one
   Trap at a time, then the active Caster orders the FLIPPED Effects, MZ-SIM-04), and a paid Beastie or
   Artifact Trap flipped by an Effect enters the Arena Fatigued.
61 Bluffs are allowed, as written: any Page may be placed face-down, and one revealed without the Trap
   Trait makes its placer lose at once (MZ-TRAP-06). Computer players place only Pages with the Trap
   Trait face-down, never a bluff. The placing option of a Page without the Trap Trait says, to its
   placer only, that it is a bluff and loses the game if revealed.
62 A standalone face-down Trap is a Page in the Arena of unknown type: no Effect can target it, and it
   never counts as a Beastie or Artifact; it leaves the Arena only by flipping (MZ-TRAP-05).
63 Each face-up Page underneath (Equipment) goes to its owner's zone for its own type (Limbo, Cemetery
   or Afterlife), whatever happens to the Page on top; a face-down Trap underneath stays in the Arena as
   a standalone Trap (MZ-TRAP-04).
64 A Destroyed token does trigger its DESTROYED effects (an Infectious token has none), then is removed
   from the game. A copy of a Spell or Potion is controlled by the Caster whose Effect made it, who
   chooses new legal targets (a copy of a Spell aimed at a chain entry keeps that entry; with no legal
   target the copy ceases to exist); it goes on top of the chain with no priority (making it is not an
   Action), resolves next, and then ceases to exist (no zone).
65 Yes: a copy token copies all printed information (name, Traits, Tribes, Tribal Boost, Terra Bonuses,
   Powers, Attacks, Effect text, Aura Cost and so Aura type), but no set symbol, Damage, LP Gain or
   Loss, Indicators or Equipment; copying a token copies its printed information. Face-down Pages are
   not legal targets for copying.
66 An empty slot is always filled first (the lowest empty one). With all 6 full, a cyclic pointer
   (starting at slot 1, advancing after each replacement, 6 wraps to 1) names the slot replaced; filling
   a gap does not move it. A replaced Terra is removed to the Afterlife, not Destroyed (no DESTROYED
   effects).
67 A Terra LP bonus is LP Gain while the bonus is active; when it ends (a new turn's reading, or the
   Terra that provided it leaves its slot) the maximum LP goes down again as in MZ-GAP-52: the 0-LP
   check runs after every applied choice.
68 A 4th Wall or Terra condition on a Page is checked against its controller's surroundings (its owner's
   when nobody controls it); Terra Pages in slots count for every Caster. A named object is also present
   when a face-up Page in the Arena (any Caster's, tokens by name) has the object's words as whole words
   in its name, ignoring case and a leading article, with no plurals or synonyms ("a train" matches
   "Ghost Train", "rain" does not match "Raining"); each clause's keyword is card data. In virtual mode
   nothing outside the game exists: only Terra Pages and Page names satisfy a condition, and person or
   room conditions are still asked. The table's mode, place and each Caster's /surroundings profile are
   options of the game, frozen when it starts (a profile edited during the game counts from the next
   game). Asking about a Page being Contracted names it: its name is public once its Contract is
   attempted. What is derived, read from the profile or asked depends on the mode; details in
   games/metazoo/sky.py.
69 Conditions are evaluated at checks, never watched continuously. Terra Pages and Page names count at
   every check. At the start of every turn (step 1a) the engine fixes the turn's instant (turn 1: the
   clock the game started with; later turns: the last instant the host observed, which it logs with
   every choice) and, in derived mode, logs it with the place(s); every reading of that turn uses it, so
   a replay gives the same answers and nightfall during a turn counts from the next turn. Answers are
   kept per Caster and condition for the turn and forgotten at the next step 1a. At step 1a each Caster
   whose face-up Arena Pages carry conditions nothing settles (declared mode; person and room conditions
   in every mode; derived-mode objects not in the profile) is asked, one yes/no question per condition,
   active Caster first; the opponent sees the question and then the answer. An Action that such a
   condition could stop (Contracting a Page that carries conditions, declaring an Attack with a Page
   that "cannot declare Attacks") is held, its questions are asked, and it is then carried out or
   refused with the reason logged. A Page that entered the Arena by another Effect counts its unanswered
   conditions as not met until the next step 1a. "Returns to its Chapter" is checked at step 1a and when
   the Page enters the Arena. Each reading logs its basis once per Caster and condition per turn (again
   if it changes); details in games/metazoo/sky.py and games/metazoo/wall.py.
70 Limbo, Cemetery and Afterlife are public and ordered, newest on top; the board shows their sizes and
   anyone can list them. Pages leave the Afterlife only by an Effect that names the Afterlife. Spellbook
   and Chapter sizes are public.
71 The next opposing Caster clockwise from the Indexing Caster orders (with one opponent, that one);
   that Caster gets an ordering prompt when two or more other Pages were revealed: they pick the Pages
   one at a time, each going on top of the ones already put back, so the last pick is the top Page
   (timeout: the revealed order). If the Page is never found, every revealed Page goes back and the
   Spellbook is shuffled. The revealed Pages are public.
72 A search looks through the Spellbook privately and takes the first Page of the asked type in
   Spellbook order (any Page for "a Page"), reveals it publicly and puts it into the Chapter; the
   Spellbook is then shuffled, also when nothing matched.
73 Win, loss and draw are checked after every event, mid-chain and mid-Combat included. Casters at 0 LP
   at the same check lose together, and if every Caster is at 0 LP the game is a Draw. The game is a
   Draw as soon as every Caster's Spellbook is empty, unless the same check also ends it by LP. Ordered
   simultaneous items are separate events. A 500-turn cap ends the game as a Draw as a safety net. A
   Caster who cannot lose (MZ-TRAP-07, the ``cannot_lose`` step, until the end of that turn) is skipped
   by these checks, even at 0 LP; the first check after it ends applies.
74 A Caster's maximum LP is 1000 and Recover never goes above it; only an Effect that says a Caster
   gains LP raises that maximum (LP Gain, keeping Damage).
75 A series is the games played at one table by the same Casters, its length set when it starts (1, 3 or
   5 games; it ends when a Caster has won a majority; a drawn game does not count and is played again,
   up to twice the length in games, after which the score stands). Each Spellbook and Archive is fixed
   when the first game starts, and the Archive sizes (never their Pages) are posted then. From the
   second game on, each Caster may swap Pages one for one in the lobby before the game starts (/deck
   swap), for that game only; the score is posted after each game.
76 A Spellbook has at most 60 Pages by default; the host can configure the maximum.
77 Every mechanically distinct Page has its own Page id, and reprints with identical rules share it;
   Spellbook Limits are counted per Page id.
78 Recover removes LP Loss as well as Damage: both are injuries (the rulebook says LP Loss "acts the
   same as Damage"), so healing works on a Poisoned Page as players expect.
79 The active Caster orders every simultaneous item, their opponents' included, choosing the next one
   each time (MZ-SIM-05; timeout: the first listed). The ordered items are the end-of-turn Poison and
   Regen (MZ-SIM-01), a Spell's Damage and Status Effect (MZ-SIM-02: asked before the Spell resolves
   when it inflicts Frozen or Sleep, the Statuses a same-time Damage changes; for the others either
   order gives the same result, so the printed order is used with no prompt) and the FLIPPED Effects of
   Traps flipped at once (MZ-SIM-04). Simultaneous CONTRACT Effects cannot arise yet; other simultaneous
   items resolve in a fixed order.
80 Frozen or Sleep inflicted outside Combat is removed by any later Damage. Inflicted during a Combat by
   any Effect, that Combat is "the Combat in which it was inflicted".
81 A Caster may concede at any time: a loss (MZ-WIN-05), and with 3 or 4 Casters they will leave as in
   MZ-GAP-12. A timed-out prompt takes its default (MZ-GAP-24); the host concedes a seat after 3
   timeouts in a row (``bot/tables.py``), and a disconnected or AFK Caster is handled the same way.
82 Only the 24 listed Terra Bonuses exist; the loader rejects any other name, in a Terra Bonus or a 4th
   Wall condition, so a typo cannot create a bonus nothing satisfies.
83 While its CONTRACT effects resolve, the Page is not yet in the Arena: Arena counts and Effects on
   Arena Pages made by them do not include it. A CONTRACT Effect cannot act on its own Page now; when
   one can, its changes to "this Beastie" or "this Artifact" (LP Gain, Traits, Counters) will go into
   the Arena with it.
84 A Beastie has at most one Tribe (one data field); Tribal Boost counts every other face-up Beastie of
   that Tribe in the Arena, any Caster's, while the Beastie is not Paralyzed. Its +10 LP per Beastie
   raises the maximum LP (LP Gain). Tokens count only with a Tribe: Infectious tokens have none.
85 Face-up Pages underneath (Equipment, Pages put under) are always shown on the public board with their
   details, with no request; face-down Traps never are, except in their controller's private view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.core.contract import Choice, Decision, Event, Game, Result, RulesError, SeatSetup, View
from games.core.layout import Layout
from games.core.rng import Rng

from . import allocation, effects, multi, placement, rules, sky, wall
from .cards import page_line
from .pool import MAX_SPELLBOOK, MIN_SPELLBOOK, card_pool, starter_decks, validate_deck
from .state import ArenaPage, Caster, Indicator, State


class MetaZooGame(Game):
    """MetaZoo through the game contract (DESIGN.md)."""

    id = "metazoo"
    name = "MetaZoo"
    min_seats = 2
    max_seats = 4
    has_windows = True  # MZ-GAP-24: priority offers are response windows
    has_decks = True
    deck_size = MIN_SPELLBOOK
    state_type = State
    has_archive = True
    """A MetaZoo deck may carry an Archive of at most 15 Pages (MZ-BOOK-04)."""
    series_lengths = (1, 3, 5)
    """A table plays a series of 1, 3 or 5 games (MZ-GAP-75); Archive swaps happen between its games."""
    observes_clock = True
    reads_surroundings = True
    """MetaZoo reads the real clock in derived mode (issue 16 item 2, MZ-GAP-69): the host logs each instant
    and passes it to :meth:`observe`."""
    spellbook_max = MAX_SPELLBOOK
    """The most Pages a Spellbook may hold here (MZ-GAP-76: the host's configurable maximum; the host sets
    it from its ``METAZOO_SPELLBOOK_MAX`` setting). Every Spellbook check uses it: decks, joins and starts."""

    # -- creation

    def new_game(self, seats: Sequence[SeatSetup], options: dict[str, Any] | None, seed: int) -> State:
        """A new game: every Caster at 1000 LP (MZ-SETUP-01); seat 1 predicts the flip (MZ-SETUP-02,
        MZ-GAP-12: against seat 0). Raises :class:`RulesError` for a seat count outside 2..4 (MZ-GAP-12) or an
        illegal Spellbook (naming each rule broken).

        ``options`` (unknown keys such as the host's ``seats``, ``timeout`` are ignored): ``surroundings``
        ``"virtual"`` (default) | ``"derived"`` | ``"declared"``, ``place`` (``Place.to_json()``),
        ``profiles`` (``{"0": Surroundings.to_json(), ...}``), ``clock`` (epoch seconds UTC, the game's
        start; required in derived mode) — see :func:`games.metazoo.wall.configure` (MZ-WALL-04). They are
        frozen at game start. Raises ValueError for a bad surroundings option."""
        if not 2 <= len(seats) <= 4:
            raise RulesError("MZ-GAP-12", f"MetaZoo is played by 2 to 4 Casters; got {len(seats)} seats.")
        for s in seats:
            problems = validate_deck(s.deck, maximum=self.spellbook_max)
            if problems:
                raise RulesError(problems[0].rule, f"{s.name}'s Spellbook is illegal: "
                                 + " ".join(f"{p.message} [{p.rule}]" for p in problems))
        st = _empty(seats, seed)
        wall.configure(st, options)
        st.rng = Rng.from_seed(seed).state
        for p, s in enumerate(seats):
            st.casters[p].spellbook = _add(st, p, s.deck)
        st.predictor = 1
        st.priority = 1
        st.step = "predict"
        return st

    def intro(self, state: State) -> list[Event]:
        return [Event(f"MetaZoo: {' against '.join(c.name for c in state.casters)}. "
                      f"{state.casters[state.predictor].name} predicts the coin flip.")]

    def position(self, spec: dict[str, Any], seats: Sequence[SeatSetup], seed: int) -> State:
        """A state from a scenario's explicit position, in the active Caster's Take Actions step.

        ``spec`` keys: ``turn`` (default 1), ``active`` (default 0), ``first`` (default ``active``) and
        ``players``: two mappings with optional ``spellbook``, ``chapter``, ``limbo``, ``cemetery``,
        ``afterlife`` (Page ids), ``lp``, ``aura`` (type -> count), ``indicators`` (``[{status, counters,
        turn}]``) and ``arena``: Page ids or ``{card, fatigued, damage, indicators, face_down, trap,
        equipment}``
        (Terra Pages take the next Terra slot); ``options``: the surroundings options of :meth:`new_game`
        (the turn reads their ``clock``). Raises ``KeyError`` for an unknown Page id."""
        st = _empty(seats, seed)
        wall.configure(st, spec.get("options"))
        st.rng = Rng.from_seed(seed).state
        st.turn = spec.get("turn", 1)
        st.active = spec.get("active", 0)
        st.first = spec.get("first", st.active)
        ev: list[Event] = []
        for p, ps in enumerate(spec.get("players", [{}, {}])):
            c = st.casters[p]
            c.mulligan = "kept"
            for zone in ("spellbook", "chapter", "limbo", "cemetery", "afterlife"):
                setattr(c, zone, _add(st, p, ps.get(zone, [])))
            c.damage = c.max_lp - ps.get("lp", c.max_lp)
            c.aura = {k: v for k, v in ps.get("aura", {}).items() if v}
            c.indicators = [Indicator(**i) for i in ps.get("indicators", [])]
            for item in ps.get("arena", []):
                item = {"card": item} if isinstance(item, str) else dict(item)
                (card,) = _add(st, p, [item["card"]])
                if rules.defs_of(st)[card].type == "terra":
                    rules.place_terra(st, card, p, ev)
                    continue
                ap = rules.enter_arena(st, card, p, ev, face_down=item.get("face_down", False),
                                       fatigued=item.get("fatigued", False))
                ap.damage = item.get("damage", 0)
                ap.indicators = [Indicator(**i) for i in item.get("indicators", [])]
                if "trap" in item:
                    (ap.trap,) = _add(st, p, [item["trap"]])
                ap.equipment = _add(st, p, item.get("equipment", []))
        st.step = "actions"
        st.priority = st.active
        st.tally = {"lp": [rules.caster_lp(c) for c in st.casters]}  # the turn's summary counts from here
        return st

    # -- the contract

    def decisions(self, state: State) -> list[Decision]:
        return rules.decisions_of(state)

    def observe(self, state: State, at: float) -> None:
        """Store the host's instant ``at`` (epoch seconds UTC, the one it logs with the next choice); the next
        step 1a reads the last one stored (MZ-GAP-69). Changes no rule state; ValueError for a non-number."""
        wall.observe(state, at)

    def survey(self, place, profile, instant, caster):
        """The 24 Terra Bonuses read from the surroundings alone (MZ-WALL-04 derived mode):
        :func:`games.metazoo.sky.survey`."""
        return sky.survey(place, profile, instant, caster)

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        """Apply one choice (an option id) for ``seat``. Raises :class:`RulesError` naming the rule and
        changes nothing when the choice is not one of the seat's current options."""
        choice = self.one_choice(choice, seat, len(state.casters), ("MZ-PRIO-10", "MZ-GAP-12"))
        return rules.apply_choice(state, seat, choice)

    def out_seats(self, state: State) -> frozenset[int]:
        """The Casters who lost and left a game of 3 or 4 that goes on (MZ-GAP-12); empty once it is over."""
        return frozenset() if state.result is not None else frozenset(state.out)

    def result(self, state: State) -> Result | None:
        return None if state.result is None else Result.from_dict(state.result)

    def version(self, state: State) -> int:
        return state.version

    def concede(self, state: State, seat: int) -> list[Event]:
        """``seat`` concedes (MZ-WIN-05, MZ-GAP-81): the opponent wins (reason ``concede``). With 3 or 4 Casters
        and two or more staying, the conceding Caster leaves as at 0 LP (MZ-GAP-12) and the game goes on.
        Raises :class:`RulesError` when the game is over or the seat already left."""
        if state.result is not None:
            raise RulesError("MZ-WIN-05", "The game is already over.")
        if seat in state.out:
            raise RulesError("MZ-GAP-12", f"{state.casters[seat].name} has already left this game.")
        if len(state.casters) - len(state.out) > 2:
            ev = [Event(f"{state.casters[seat].name} concedes.")]
            multi.eliminate(state, [seat], ev)
            multi.resume(state, ev)
            state.version += 1
            return ev
        other = rules.other(state, seat)
        text = f"{state.casters[seat].name} concedes: {state.casters[other].name} wins."
        state.out.append(seat)  # the concession's place in the standings (MZ-GAP-12)
        state.result = Result((other,), tuple(state.out), "concede", text,
                              rule=rules.result_rule(state, "concede", False),
                              scores=tuple(rules.standings(state, (other,), False))).to_dict()
        state.out.remove(seat)
        state.step = "over"
        state.priority = -1
        state.pending = None
        state.version += 1
        return [Event(text)]

    def view(self, state: State, viewer: int | None) -> View:
        """The public board plus ``viewer``'s private Chapter and own face-down Pages (MZ-CORE-08,
        MZ-TRAP-11). Hidden from everyone else: Chapters and Spellbooks (sizes only) and face-down Pages'
        identities (shown as anonymous handles)."""
        st = state
        defs = rules.defs_of(st)

        def name(c: int) -> dict[str, Any]:
            return {"card": st.cards[c], "name": defs[c].name or "Beastie token"}

        def page(ap: ArenaPage) -> dict[str, Any]:
            if ap.face_down:
                return {"uid": ap.uid, "controller": ap.controller, "face_down": True}
            return {
                "uid": ap.uid, **name(ap.card), "controller": ap.controller, "owner": st.owner[ap.card],
                "face_down": False, "type": defs[ap.card].type, "fatigued": ap.fatigued,
                "lp": rules.lp(st, ap), "max_lp": rules.max_lp(st, ap), "slot": ap.slot,
                "indicators": [{"status": i.status, "counters": i.counters} for i in ap.indicators],
                "equipment": [name(e) for e in ap.equipment], "trap_under": ap.trap >= 0,
                "under": [name(x) for x in ap.under], "on": ap.on if ap.on >= 0 else None,
                "types": list(rules.types_of(st, ap.card)),
                "line": page_line(defs[ap.card]),
            }

        casters = []
        for p, c in enumerate(st.casters):
            casters.append({
                "out": p in st.out,
                "name": c.name, "lp": rules.caster_lp(c), "max_lp": c.max_lp, "aura": dict(sorted(c.aura.items())),
                "spellbook": len(c.spellbook), "chapter": len(c.chapter),
                "limbo": [name(x) for x in c.limbo], "cemetery": [name(x) for x in c.cemetery],
                "afterlife": [name(x) for x in c.afterlife],
                "indicators": [{"status": i.status, "counters": i.counters} for i in c.indicators],
                "mulligan": c.mulligan,
            })
        chain = [{"kind": it.kind, **name(it.card), "controller": it.controller, "stopped": it.stopped,
                  "targets": [rules.target_label(st, t) for t in it.targets],
                  "chain_target": it.chain_target} for it in st.chain]
        cb = st.combat
        combat = None if cb is None else {
            "attacker": rules.target_label(st, cb.attacker), "target": rules.target_label(st, cb.target),
            "defenders": [rules.target_label(st, u) for u in cb.defenders],
            "primary": None if cb.primary is None else rules.target_label(st, cb.primary), "stage": cb.stage,
        }
        board = {
            "turn": st.turn, "active": st.active, "first": st.first, "step": st.step,
            "priority": st.priority if st.priority >= 0 else None,
            "casters": casters,
            "arena": [page(ap) for ap in st.arena if ap.slot < 0],
            "terra": [None if u < 0 else page(rules.find(st, u)) for u in st.terra],
            "chain": chain, "combat": combat,
            "flipped": name(st.trap_flip) if st.trap_flip >= 0 else None,
            "sky": wall.board(st),
        }
        private = None
        if viewer is not None:
            me = st.casters[viewer]
            private = {
                "chapter": [{**name(c), "line": page_line(defs[c])} for c in me.chapter],
                "face_down": [{"uid": ap.uid, **name(ap.card)} for ap in st.arena
                              if ap.face_down and ap.controller == viewer],
                "under": [{"host": ap.uid, **name(ap.trap)} for ap in st.arena
                          if ap.trap >= 0 and ap.controller == viewer],
            }
        decs = rules.decisions_of(st)
        view = View.of(self.id, viewer, board, private, decs, self.result(st))
        if st.pending is None or st.ask or not view.waiting:
            return view
        # MZ-GAP-24: the steps of an Action being chosen (its target, where a face-down Page goes) would tell
        # the others which kind of hidden Page was picked: they see the step the Caster chose it from.
        return replace(view, waiting=tuple((s, k if s == viewer else rules.public_kind(st, k))
                                           for s, k in view.waiting))

    # -- front-end helpers

    def computer(self, seed: int):
        """The purposeful computer player (:class:`games.metazoo.ai.ZooBot`): from its decision and own view only."""
        from .ai import ZooBot

        return ZooBot(seed)

    def board_text(self, view: View) -> str:
        from .render import board_text

        return board_text(view)

    def layout(self, view: View) -> Layout:
        """The public board as a picture layout (issue 15 §2): :func:`games.metazoo.picture.board_layout`."""
        from .picture import board_layout

        return board_layout(view)

    def context_text(self, view: View) -> str:
        """What the open decision depends on, compact for a phone: :func:`games.metazoo.render.context_text`."""
        from .render import context_text

        return context_text(view)

    def private_text(self, view: View) -> str:
        from .render import private_text

        return private_text(view)

    def step_name(self, kind: str) -> str:
        """The decision kind ``kind`` in player words (:data:`games.metazoo.render.STEP_NAMES`: "declaring
        Defenders", "responding"); an unknown kind with its underscores as spaces."""
        from .render import STEP_NAMES

        return STEP_NAMES.get(kind, kind.replace("_", " "))

    def unplayable(self, state: State, seat: int) -> list[tuple[str, str]]:
        """Issue 27 §7: the Pages of ``seat``'s Chapter it cannot Contract now, each with its reason in a few
        words (:func:`games.metazoo.rules.unplayable`); empty unless it holds priority or takes Actions. Any
        Page may still be placed face-down in the Take Actions step (MZ-GAP-61)."""
        return rules.unplayable(state, seat)

    def end_state(self, view: View) -> tuple[int | None, dict[int, str]]:
        lines = {s: f"{c['lp']} LP · Spellbook {c['spellbook']} · Chapter {c['chapter']}"
                 for s, c in enumerate(view.board["casters"])}
        return view.board["turn"], lines

    def timeout_choice(self, state: State, decision: Decision) -> str:
        """MZ-GAP-24: the decision's documented default (pass, end, keep, decline, no more Defenders...);
        the first option where none is set (the Primary Defender choice)."""
        return decision.default if decision.default is not None else decision.options[0].id

    # -- persistence

    # -- decks

    def validate_deck(self, cards: Sequence[str]) -> list[RulesError]:
        return validate_deck(cards, maximum=self.spellbook_max)

    def validate_archive(self, cards: Sequence[str], archive: Sequence[str]) -> list[RulesError]:
        """MZ-BOOK-04 (at most 15 Pages) and MZ-BOOK-02 (limits across the Spellbook and Archive)."""
        from .pool import validate_archive
        return validate_archive(cards, archive)

    def archive_swap(self, cards: Sequence[str], archive: Sequence[str], out: Sequence[str],
                     into: Sequence[str]) -> tuple[list[str], list[str]]:
        """MZ-BOOK-06: one for one between games of a series (:func:`games.metazoo.pool.archive_swap`)."""
        from .pool import archive_swap
        return archive_swap(cards, archive, out, into)

    def card_catalog(self):
        """The pool as a searchable :class:`games.core.catalog.Catalog` (``/card``, decks), built once."""
        from .catalog import build_catalog

        return build_catalog()

    def starter_decks(self) -> dict[str, list[str]]:
        return {k: d.card_list() for k, d in starter_decks().items()}

    def starter_names(self) -> dict[str, str]:
        return {k: d.name for k, d in starter_decks().items()}


def _empty(seats: Sequence[SeatSetup], seed: int) -> State:
    return State(cards=[], owner=[], casters=[Caster(s.name) for s in seats], rng=0, seed=seed)


def _add(st: State, owner: int, ids: Sequence[str]) -> list[int]:
    pool = card_pool()
    out = []
    for cid in ids:
        if cid not in pool:
            raise KeyError(f"unknown MetaZoo Page id {cid!r}")
        out.append(len(st.cards))
        st.cards.append(cid)
        st.owner.append(owner)
    st.defs = None
    return out


rules.EXT.allocation, rules.EXT.effects, rules.EXT.placement = allocation, effects, placement  # no import cycle
rules.EXT.multi = multi

GAME = MetaZooGame()
