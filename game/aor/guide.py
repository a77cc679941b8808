"""Age of Reason's guide, as data: the "How to play" pages (plain words, each with a picture
of the real table at a seeded position: which part of the table it shows) and the rules
reference (one page per rule section R1-R14 of the rules specification, in short plain words,
numbered like it so that hover texts and "why not" messages link to an entry: "R7.3")."""

from __future__ import annotations

from dataclasses import dataclass

HOWTO = "howto"
RULES = "rules"
BOOK_TITLES = {HOWTO: "How to play", RULES: "Rules"}


@dataclass(frozen=True)
class Shot:
    """A picture from a real position: a seeded game (seed, players, random moves, then on to
    a person's decision) and the part of the table shown (x, y, w, h in virtual units)."""

    seed: int
    players: int
    moves: int
    part: tuple[float, float, float, float]
    kind: str  # the decision the position waits for (a test checks it)


@dataclass(frozen=True)
class Page:
    id: str
    title: str
    book: str
    text: tuple[str, ...] = ()  # paragraphs
    entries: tuple[tuple[str, str], ...] = ()  # (rule id, words) on a rules page
    shot: Shot | None = None
    see: tuple[str, ...] = ()  # rule ids the page leans on


MAP = (8.0, 58.0, 920.0, 522.0)
ALLIANCE = (936.0, 58.0, 656.0, 180.0)
ACTIONS = (936.0, 368.0, 656.0, 524.0)
TRACKS = (8.0, 586.0, 920.0, 306.0)
STAGE = (8.0, 58.0, 920.0, 522.0)
PROMPT = (936.0, 240.0, 656.0, 650.0)

HOWTO_PAGES: tuple[Page, ...] = (
    Page("goal", "The goal", HOWTO, (
        "Seven powers of the eighteenth century compete for Europe and the colonies over three "
        "turns. Each player plays one country; the countries nobody plays are still on the map: "
        "they hold their discs, block places and may be bought as allies.",
        "At the end of every turn each area of the map is scored: the country with the most "
        "discs there takes the first VP value, the next the second, and so on. Unrest costs VP "
        "at the same time. After three turns the most VP wins; ties go to the lower unrest, "
        "then to more discs on the map.",
        "Hover anything on the table to read what it is; F1 opens the rule of what you point "
        "at."), shot=Shot(1, 4, 40, MAP, "box"), see=("R3.1", "R11", "R13.1")),
    Page("turn", "A turn", HOWTO, (
        "Each turn runs in six steps, shown at the top left: Empire markers are drawn from the "
        "bag onto the map; the alliances are bid for; the players act in six segments (five "
        "with five or more players); everyone takes income; the areas are scored; the turn "
        "ends (boxes empty, hands return, unrest is halved).",
        "In each segment the players act in the order of the Alliance Display's spaces, "
        "1 to 8: first a disc in an action box (or none), then an attack (or none)."),
        shot=Shot(1, 4, 40, TRACKS, "box"), see=("R3.1", "R3.2", "R3.3", "R12")),
    Page("auction", "The alliances", HOWTO, (
        "The Alliance Display splits the seven countries into two coalitions: the top row "
        "and the bottom row. Allies never attack each other, and they may help in each "
        "other's combats.",
        "The rows are filled in four biddings. Whoever bids names an amount and puts two "
        "countries that are not yet allied in boxes A and B: A joins the top row, B the "
        "bottom row. Drag the countries into the boxes (or click one, then a box), set the "
        "amount with −1, +1, +5 or by typing, and bid; or pass. When everyone else has "
        "passed, the last bidder pays and the two countries take the next free spaces. The "
        "last country is bid for alone.",
        "The spaces also set the order of play in every segment."),
        shot=Shot(1, 4, 1, PROMPT, "bid"), see=("R5.2", "R5.3", "R5.4")),
    Page("boxes", "Action boxes", HOWTO, (
        "On your step you may put a disc from your supply in one free action box. "
        "Advancements help at once or all turn (Banking: 5 gold; Army Training: +1 in every "
        "combat; Reserves: one re-roll of a battle; War Office: two attacks a step). Supports "
        "add strength in the areas they name. Trading pays 2 gold for each of your discs in "
        "its areas.",
        "Spaces marked as closed are used only with five or more players. A box with a coin "
        "costs that much gold. Taking a box you cannot use keeps it from the others."),
        shot=Shot(1, 4, 40, ACTIONS, "box"), see=("R6.3", "R6.5", "R6.6", "R6.7")),
    Page("attack", "Attacks", HOWTO, (
        "After the box, you may attack once. Three kinds: attack an enemy disc in an area; "
        "attack a numbered Empire marker; or convert an Aktion marker in a colony (a ship card "
        "shown and 2 gold: your disc replaces it, no dice).",
        "You reach a European land area with a disc there or next door, or when your home "
        "country borders it; a sea always, with a ship card; a colony only where you have a "
        "disc. The map highlights what you may attack; hover an area to read who may attack "
        "there and why."),
        shot=Shot(8, 4, 80, MAP, "attack"), see=("R7.1", "R7.3", "R7.5", "R7.6")),
    Page("combat", "Combat", HOWTO, (
        "The attacker and the defender each put a card face down in secret (with two or more "
        "people, the table is handed to each before they choose). Players allied to either "
        "side with a disc in the area may add an Ally card or bluff with a Blank; countries "
        "nobody plays can be bought as allies for 1 gold.",
        "The cards turn together and are paid for. Each side rolls two dice: its strength is "
        "the difference of its dice, plus the soldiers on its card, the ships in a sea, 1 "
        "for each ally, and its boxes. The stage builds each sum term by term. If the "
        "attacker is stronger, its disc replaces the defender's.",
        "Unrest follows: the loser gains 1, or 2 when beaten by 3 or more; the winner 1 when "
        "it won by just 1; an attack that fails costs the attacker 1."),
        shot=Shot(1, 4, 60, STAGE, "attack_card"), see=("R8.2", "R8.5.4", "R8.6")),
    Page("reserves", "Reserves", HOWTO, (
        "A player holding a Reserves box may, once, call a re-roll after the dice of a battle "
        "they fight in are rolled: both sides roll again and the new dice count. The disc "
        "then leaves the box, and anyone may take the box again.",),
        shot=Shot(1, 4, 200, STAGE, "reserves"), see=("R6.5.7", "R8.5.3")),
    Page("gold", "Gold and unrest", HOWTO, (
        "You pay for bids, some boxes, your combat cards and allies. When you cannot pay, "
        "the game levies for you: 2 gold from the bank for 1 unrest each time, as often as "
        "needed (never at unrest 22).",
        "Income: 1 gold per disc of yours on the map. At scoring, a die is rolled until the "
        "sum reaches your unrest: each roll costs 1 VP. At the turn's end unrest is halved."),
        shot=Shot(1, 4, 40, TRACKS, "box"), see=("R4.5", "R10.1", "R11.4", "R12.6")),
)

RULES_PAGES: tuple[Page, ...] = (
    Page("R1", "Words of the game", RULES, entries=(
        ("R1.1", "Seven countries: Great Britain (red), the United Provinces (orange), Spain "
                 "(yellow), France (blue), Prussia (black), Austria (white) and Russia "
                 "(green)."),
        ("R1.2", "A player's country is the one the player chose; the others have no "
                 "player, yet every game uses all seven."),
        ("R1.3", "The seven home countries are not areas: no discs, no markers, never "
                 "scored. They only give reach to the areas they border."),
        ("R1.4", "Eleven areas hold discs and Empire markers and are scored: five in Europe "
                 "(Baltic Sea, German States, Central Europe, Ottoman Empire, Mediterranean; "
                 "three VP values each) and six colonies (North America, Caribbean, South "
                 "America, Africa, India, East Indies; two VP values each)."),
        ("R1.4.3", "The Baltic Sea and the Mediterranean are seas. The seas and every colony "
                   "show a ship symbol; the German States and the Ottoman Empire have a "
                   "coast but no ship symbol."),
        ("R1.5", "Each country has 25 discs: one for the Alliance Display, one for the VP "
                 "track, one for the Unrest Track and 22 for the map and the action boxes. "
                 "A disc not on the board is in its owner's supply; 22 is the limit."),
        ("R1.6", "Each country has eleven cards: an Ally card and ten others, one of them "
                 "the Blank. The nine combat cards show a gold cost, soldiers and sometimes "
                 "ships."),
        ("R1.7", "Your hand holds the cards you have not played; the cards you played this "
                 "turn lie face down on your discard pile."),
        ("R1.8", "65 Empire markers, each of one area: an Aktion marker (colonies only) or "
                 "a number, its defence. Some numbered markers give VP or gold to whoever "
                 "conquers them."),
        ("R1.9", "The bag holds the Empire markers not yet drawn."),
        ("R1.10", "Gold comes in coins of 1 and 5; the bank holds the gold no player "
                  "holds."),
        ("R1.11", "The Alliance Display has eight spaces, the top row 1, 3, 5 and 7, the "
                  "bottom row 2, 4, 6 and 8, and the proposal boxes A and B."),
        ("R1.12", "The countries of one row are allies this turn; the other row's are "
                  "enemies. A country not yet on a space is not allied."),
        ("R1.13", "Action boxes come in three kinds: advancements, supports and trading. "
                  "Each space holds one disc."),
        ("R1.14", "The tracks: the turn (1 to 3), the segment (1 to 6), victory points and "
                  "unrest (each disc starts on −4; −22 is the lowest space)."),
        ("R1.15", "A segment is one round of the players' actions."),
        ("R1.16", "A levy: 2 gold from the bank for 1 unrest."),
        ("R1.17", "The attacker and the defender fight the combat; allies add strength to "
                  "one of them."))),
    Page("R2", "Set-up", RULES, entries=(
        ("R2.1", "Two to seven players (three to seven recommended), each choosing one "
                 "country; any country at any count. Without a choice, the countries are "
                 "dealt at random."),
        ("R2.2", "Each player starts with 0 VP, unrest 4 (its disc on −4), 14 gold, "
                 "its eleven cards in hand and 22 discs in supply."),
        ("R2.3", "The bag holds all 65 Empire markers: German States 9, Baltic Sea 5, "
                 "Central Europe 6, Mediterranean 6, Ottoman Empire 4, Africa 3, India 7, "
                 "East Indies 6, North America 6, Caribbean 7, South America 6."),
        ("R2.4", "Every country, played or not, draws five markers from the bag and puts a "
                 "disc in each marker's area. These markers leave the game; their faces do "
                 "nothing."),
        ("R2.4.2", "A country without a player keeps these five discs and its disc for the "
                   "Alliance Display, and never gets more; its cards stay in the box."),
        ("R2.5", "The first player is drawn at random; it opens the first bidding of the "
                 "first turn, nothing else."),
        ("R2.6", "Every country's disc waits beside the Alliance Display; the turn and the "
                 "segment start at 1."),
        ("R2.7", "The bank never runs out of gold."),
        ("R2.8", "Everyone's gold is public."))),
    Page("R3", "The turn", RULES, entries=(
        ("R3.1", "Three turns, each: Empire markers, alliances, actions, income, scoring, "
                 "end of turn."),
        ("R3.2", "Six action segments with 2 to 4 players, five with 5 to 7."),
        ("R3.3", "In a segment the players act in the order of the Alliance Display's spaces, "
                 "1 to 8."))),
    Page("R4", "Markers, gold and unrest", RULES, entries=(
        ("R4.1", "Each turn ten Empire markers are drawn from the bag onto their areas; they "
                 "stay until converted or conquered."),
        ("R4.3", "Payments go to the bank and income comes from it."),
        ("R4.4", "Unrest runs from 0 to 22."),
        ("R4.5", "Levy: when you cannot pay, take 2 gold for 1 unrest, as often as needed, "
                 "never at 22. You may only choose what you can pay this way."))),
    Page("R5", "Alliances", RULES, entries=(
        ("R5.1", "Every turn the seven countries are split into two coalitions: the top row "
                 "and the bottom row of the Alliance Display."),
        ("R5.2", "Four biddings: three for two countries, the last for the seventh alone."),
        ("R5.3", "The opener must bid (0 is allowed); then each may raise by at least 1 or "
                 "pass, and may come back after passing."),
        ("R5.3.2", "Each bid puts two not-yet-allied countries in boxes A and B."),
        ("R5.4", "The winner pays; box A's country takes the next top-row space, box B's "
                 "the next bottom-row space."),
        ("R5.4.3", "The seventh country is bid for alone: the winner chooses space 7 (top "
                   "row) or space 8 (bottom row)."),
        ("R5.6", "Optional: random first alliances, no bidding in the first turn."))),
    Page("R6", "Action boxes", RULES, entries=(
        ("R6.1", "On your step: a disc in a box (or none), then an attack (or none)."),
        ("R6.2", "Every box has one space unless it shows more; spaces marked 5+ are used "
                 "only with five or more players."),
        ("R6.3", "Put a disc from your supply in a free box, pay its cost, take its effect."),
        ("R6.4", "Box discs stay to the turn's end; they are not on the map."),
        ("R6.5.1", "Army Training: +1 in every combat you fight as attacker or defender."),
        ("R6.5.2", "Navy Training: +1 in combat in areas with a ship symbol."),
        ("R6.5.3", "Banking: take 5 gold at once."),
        ("R6.5.4", "Government Reform: reduce your unrest by 2 at once."),
        ("R6.5.5", "Militias: a card of soldiers only from your discard pile to your hand."),
        ("R6.5.6", "Pressgangs: any card from your discard pile to your hand."),
        ("R6.5.7", "Reserves: once, re-roll a battle you fight in; the disc then leaves."),
        ("R6.5.8", "War Office: two attacks in each of your steps for the rest of the turn."),
        ("R6.6", "Supports: +1 or +2 in combat in the areas they name, all turn."),
        ("R6.7", "Trading: 2 gold for each of your discs in the areas named."))),
    Page("R7", "Attacks", RULES, entries=(
        ("R7.1", "One attack a step (two with War Office): convert an Aktion marker, attack "
                 "an enemy disc, or attack a numbered Empire marker."),
        ("R7.2", "Never your own discs or an ally's."),
        ("R7.3", "Reach: a sea always; a European land area with a disc there or next door, "
                 "or bordering your home; a colony only with a disc there."),
        ("R7.3.1", "In an area with a ship symbol the attacker must play a ship card (a "
                   "Blank only without one)."),
        ("R7.5", "Convert an Aktion marker: show a ship card, pay 2 gold, your disc replaces "
                 "the marker. No dice."),
        ("R7.6", "A numbered marker defends with its number plus a roll; beat it to take its "
                 "place and any reward printed on it."),
        ("R7.6.3", "Beating a marker that shows a reward takes it at once: 1 VP from each "
                   "of two Ottoman Empire markers, 3 gold from each of two India markers."))),
    Page("R8", "Combat", RULES, entries=(
        ("R8.2", "The attacker and the defender each choose a card in secret."),
        ("R8.3", "Allies of either side with a disc in the area may add an Ally card (+1, 1 "
                 "gold) or bluff with a Blank."),
        ("R8.4", "Countries nobody plays, allied to a side and present in the area, may be "
                 "bought for 1 gold each (+1)."),
        ("R8.5", "The cards turn together and are paid for; each side rolls two dice."),
        ("R8.5.4", "Strength: the dice difference, soldiers, ships in a sea, 1 per ally, and "
                   "your boxes."),
        ("R8.5.6", "The attacker wins only when stronger: its disc replaces the defender's. "
                   "A tie holds and nothing moves."),
        ("R8.6", "Unrest: a failed attack +1 to the attacker; the loser +1, +2 if beaten by "
                 "3 or more; a winner by 1 gains 1."),
        ("R8.7", "A country nobody plays defends with 4 plus its dice."),
        ("R8.8", "Combat cards go to the discard pile; Ally and Blank return to the hand."),
        ("R8.9", "Hand sizes are public; your discard pile is yours to see."))),
    Page("R9", "Segment bookkeeping", RULES, entries=(
        ("R9.1", "A player who passes does nothing more this segment and acts again in the "
                 "next."),
        ("R9.2", "On your step the game asks, in order: which box (or none), which attack "
                 "(or none), then, with War Office, a second attack (or none)."))),
    Page("R10", "Income", RULES, entries=(
        ("R10.1", "1 gold for each of your discs on the map."),)),
    Page("R11", "Victory points", RULES, entries=(
        ("R11.1", "Every area is scored every turn: the countries ranked by discs there."),
        ("R11.2", "Equal counts share a place; the next count takes the next place. Each "
                  "place scores the area's value for it."),
        ("R11.3", "A country nobody plays holds its place and scores nothing."),
        ("R11.4", "Unrest: a die is rolled until the sum reaches your unrest; each roll "
                  "costs 1 VP."))),
    Page("R12", "End of turn", RULES, entries=(
        ("R12.2", "Everyone takes their discard pile back."),
        ("R12.4", "Discs in boxes return to their owners."),
        ("R12.6", "Unrest is halved, rounding up."))),
    Page("R13", "Winning", RULES, entries=(
        ("R13.1", "Most VP wins; ties go to the lower unrest, then to more discs on the map, "
                  "then are shared."),)),
    Page("R14", "Countries without a player", RULES, entries=(
        ("R14.1", "A country without a player has its five starting discs and never more; "
                  "no cards, gold, VP or unrest; it never acts in the segments and takes no "
                  "box. The bidders place it on the Alliance Display; it can be attacked (it "
                  "defends with 4 plus its dice), bought as an ally, and it holds its place "
                  "when an area is scored."),
        ("R14.2", "By the number of players: with 2 to 4, six segments a turn, one space "
                  "each of Army Training, Navy Training, Banking, Militias, Pressgangs, War "
                  "Office and Government Reform; with 5 to 7, five segments, a second space "
                  "of each of the six and three of Government Reform. Reserves has two "
                  "spaces at every count. Seven countries minus the players have no "
                  "player."),
        ("R14.3", "Everything else is the same at every count, two players included."))),
)

PAGES: tuple[Page, ...] = HOWTO_PAGES + RULES_PAGES


def find(page: str | None) -> tuple[Page, str]:
    """The page for a topic or a rule id, and the rule entry to light ("" for none): "R7.3.1"
    opens Attacks at R7.3.1; "R6.5" at its first entry under it; an unknown id the first
    page."""
    if not page:
        return HOWTO_PAGES[0], ""
    for p in PAGES:
        if p.id == page:
            return p, ""
    if page.startswith("R"):
        section = page.split(".")[0]
        for p in RULES_PAGES:
            if p.id == section:
                ids = [e[0] for e in p.entries]
                if page in ids:
                    return p, page
                # the first entry under it ("R6.5": R6.5.1), else the nearest above it
                # ("R7.3.3": R7.3); never a sibling ("R1.12" is not under "R1.1")
                under = [i for i in ids if i.startswith(page + ".")] or sorted(
                    (i for i in ids if page.startswith(i + ".")), key=len, reverse=True)
                return p, under[0] if under else ""
        num = _number(section)
        earlier = [p for p in RULES_PAGES if _number(p.id) <= num]
        return (earlier[-1] if earlier else RULES_PAGES[0]), ""
    return HOWTO_PAGES[0], ""


def _number(section: str) -> int:
    digits = section[1:]
    return int(digits) if digits.isdigit() else 0
