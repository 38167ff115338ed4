// The page's controller: its state (screen, settings, game, the person's choice, the bot
// move shown, the hint), what each action does to it, and drawing the current screen.
import { deriveSeed } from 'tablic';
import { Bots, type Hint } from './bots';
import { Pause, playBotTurns, takenBy, type BotTurnHost, type Showing } from './botTurn';
import { cardsInline, cardsOf } from './cards';
import { choiceFor, renderChoice, type Choice } from './choice';
import { element, keyButton } from './dom';
import { renderHand } from './hand';
import { renderKeysHelp } from './help';
import { renderHint } from './hint';
import { bindingFor, type Screen } from './keyboard';
import { renderMenu } from './menu';
import { moveInWords, partsOf } from './moves';
import { downloadRecord, sessionFromFile } from './records';
import { renderRules } from './rules';
import { matchSideName, seatName, sideName } from './seats';
import { Session } from './session';
import {
  LEVELS, levelName, MATCH_TARGET, nextTable, queryOf, randomSeed, rulesText, tableOf, validSeed, type Settings,
} from './settings';
import { renderSheet } from './sheet';
import { renderPersonPanel, renderSides, renderTable, type TableMarks } from './table';
import { nextSpeed, renderWatchBar, SPEEDS } from './watch';

const LOG_LINES = 6;

export class App implements BotTurnHost {
  session: Session | undefined;
  readonly bots = new Bots();
  generation = 0;
  readonly pause = new Pause();
  thinking: number | undefined;
  showing: Showing | undefined;

  private screen: Screen = 'menu';
  private keysShown = false;
  /** A watched game: paused, and how many times faster than the settings' pause it runs. */
  private watchPaused = false;
  private watchSpeed: number = SPEEDS[0];
  private menuError: string | undefined;
  private handIndex = 0;
  private choice: Choice | undefined;
  private hint: Hint | 'thinking' | undefined;
  private message = '';
  private log: HTMLElement[] = [];
  private readonly fileInput: HTMLInputElement;

  /** What the page's URL asked for that the settings do not know (`level=bogus`): shown
   * on every screen until the person starts a game of their own. */
  constructor(private readonly root: HTMLElement, private settings: Settings, private addressProblems: readonly string[]) {
    this.fileInput = element('input', { type: 'file', accept: '.txt,text/plain', hidden: true, 'data-role': 'record-file' });
    this.fileInput.addEventListener('change', () => void this.openFile());
    document.body.append(this.fileInput);
    root.addEventListener('click', (event) => this.onClick(event));
    document.addEventListener('keydown', (event) => this.onKey(event));
  }

  get pauseMilliseconds(): number | undefined {
    if (!this.watching) return this.settings.pause;
    return this.watchPaused ? undefined : Math.round(this.settings.pause / this.watchSpeed);
  }

  get watching(): boolean {
    return this.session?.watching === true;
  }

  /** The spec of the bot in `seat`: the Level, but the Watch level for South's side when
   * watched. */
  specFor(seat: number): string {
    const session = this.session;
    const watchSpec = this.settings.watch;
    if (session?.watching !== true || watchSpec === undefined) return this.settings.level;
    const game = session.game;
    return game.sideOf(seat) === game.sideOf(session.personSeat) ? watchSpec : this.settings.level;
  }

  /** Starts on the screen the URL asks for: the game when it names a seed, else the menu. */
  start(withGame: boolean): void {
    if (withGame) this.newGame(); else this.render();
  }

  // ----- actions ---------------------------------------------------------------------------

  private dispatch(action: string, index?: number): void {
    if (action === 'start' || action === 'new-game') this.addressProblems = [];
    switch (action) {
      case 'start': this.readSeedField(); if (this.screen === 'menu' && this.menuError === undefined) this.newGame(); break;
      case 'level': this.cycleLevel(); break;
      case 'players': this.settings.table = nextTable(this.settings.table); this.render(); break;
      case 'kind': this.settings.match = !this.settings.match; this.render(); break;
      case 'watch': this.cycleWatch(); break;
      case 'watch-pause': this.setWatch(!this.watchPaused, this.watchSpeed); break;
      case 'watch-step': this.setWatch(true, this.watchSpeed, true); break;
      case 'watch-speed': this.setWatch(false, SPEEDS[index ?? 0] ?? this.watchSpeed); break;
      case 'watch-faster': this.setWatch(false, nextSpeed(this.watchSpeed)); break;
      case 'next-game': this.nextGame(); break;
      case 'new-seed': this.settings.seed = randomSeed(); this.menuError = undefined; this.render(); break;
      case 'new-game': this.settings.seed = randomSeed(); this.newGame(); break;
      case 'open': this.fileInput.value = ''; this.fileInput.click(); break;
      case 'rules': this.leaveGameTurn(); this.screen = 'rules'; this.render(); break;
      case 'keys': this.keysShown = true; this.render(); break;
      case 'back': this.back(); break;
      case 'menu': this.toMenu(); break;
      case 'undo': this.undo(); break;
      case 'hint': void this.showHint(); break;
      case 'save': if (this.session) downloadRecord(this.session); break;
      case 'hand-move': this.moveInHand(index ?? 1); break;
      case 'pick-card': case 'choose-card': this.chooseCard(index ?? 0); break;
      case 'option-move': this.moveInChoice(index ?? 1); break;
      case 'confirm': this.confirm(); break;
      case 'play-option': this.playOption(index ?? 0); break;
      default: break;
    }
  }

  private readSeedField(): void {
    const field = this.root.querySelector<HTMLInputElement>('#seed');
    if (field === null) return;
    const seed = validSeed(field.value);
    this.menuError = seed === undefined
      ? `"${field.value}" is not a seed: a whole number from 0 to 18446744073709551615` : undefined;
    if (seed !== undefined) this.settings.seed = seed;
    if (this.menuError !== undefined) this.render();
  }

  private cycleLevel(): void {
    const at = LEVELS.findIndex((entry) => entry.spec === this.settings.level);
    this.settings.level = LEVELS[(at + 1) % LEVELS.length]?.spec ?? this.settings.level;
    this.render();
  }

  /** Off, then each level in turn, for South's side when watching. */
  private cycleWatch(): void {
    const at = LEVELS.findIndex((entry) => entry.spec === this.settings.watch);
    this.settings.watch = at + 1 < LEVELS.length ? LEVELS[at + 1]?.spec : undefined;
    this.render();
  }

  /** A watched game paused or running at `speed`, the move shown held or shown for the new
   * time from now; a step ends it at once (the next move is then held in turn). */
  private setWatch(paused: boolean, speed: number, step = false): void {
    if (!this.watching) return;
    this.watchPaused = paused;
    this.watchSpeed = speed;
    if (step) this.pause.skip(); else this.pause.restart(this.pauseMilliseconds);
    this.render();
  }

  /** Ends any bot turn or hint in progress (it becomes stale) and the move shown. */
  private leaveGameTurn(): void {
    this.generation += 1;
    this.pause.skip();
    this.thinking = undefined;
    this.showing = undefined;
  }

  private newGame(): void {
    const { table, seed, match } = this.settings;
    let session: Session;
    try {
      session = match ? Session.match(table.players, seed, rulesText(table), MATCH_TARGET)
        : Session.game(table.players, seed, rulesText(table));
    } catch (error) {
      this.menuError = (error as Error).message;
      this.screen = 'menu';
      this.render();
      return;
    }
    history.replaceState(null, '', `?${queryOf(this.settings)}`);
    this.log = [];
    session.watching = this.settings.watch !== undefined;
    this.watchPaused = false;
    const watched = session.watching ? ', bots in every seat' : '';
    this.setSession(session, `A new ${match ? 'match' : 'deal'} (seed ${seed})${watched}.`);
  }

  /** Plays on with `session`: a fresh screen, and the bots' turns if they are to move. */
  private setSession(session: Session, message: string): void {
    // The old session is left to the garbage collector: a bot turn still awaiting may hold
    // it, and sees it is stale only after its wait.
    this.leaveGameTurn();
    this.session = session;
    this.screen = 'game';
    this.choice = undefined;
    this.hint = undefined;
    this.handIndex = 0;
    this.message = message;
    this.render();
    void playBotTurns(this);
  }

  private back(): void {
    if (this.screen === 'rules') {
      this.screen = this.session === undefined ? 'menu' : 'game';
      this.render();
      if (this.screen === 'game') void playBotTurns(this);
    } else if (this.choice !== undefined) {
      this.choice = undefined;
      this.render();
    } else if (this.hint !== undefined) {
      this.hint = undefined;
      this.render();
    } else {
      this.toMenu();
    }
  }

  private toMenu(): void {
    this.leaveGameTurn();
    this.screen = 'menu';
    this.render();
  }

  /** Back to the person's previous turn: their last move and the bots' replies undone. */
  private undo(): void {
    const session = this.session;
    const plies = session?.previousDecision();
    if (session === undefined || plies === undefined) {
      this.message = 'Nothing to undo yet.';
      this.render();
      return;
    }
    this.log.push(element('li', {}, 'Undone: back to your previous move.'));
    this.setSession(session.rewound(plies), 'Your last move is undone.');
  }

  private nextGame(): void {
    const session = this.session;
    if (session === undefined || !session.nextGameDue) return;
    session.nextGame();
    this.log = [];
    this.setSession(session, `Game ${session.matchState?.gameNumber ?? ''} of the match.`);
  }

  private personToMove(): boolean {
    const session = this.session;
    return session !== undefined && !session.watching && session.game.toMove === session.personSeat
      && this.thinking === undefined && this.showing === undefined;
  }

  private async showHint(): Promise<void> {
    const session = this.session;
    if (session === undefined || !this.personToMove() || this.hint === 'thinking') return;
    const generation = this.generation;
    this.hint = 'thinking';
    this.render();
    let hint: Hint;
    try {
      hint = await this.bots.hint(session.record(), session.personSeat,
        deriveSeed(session.gameSeed, session.game.plies));
    } catch (error) {
      if (generation === this.generation) {
        this.hint = undefined;
        this.failed(`No hint: ${(error as Error).message}`);
      }
      return;
    }
    if (generation !== this.generation || this.session !== session) return;
    this.hint = hint;
    this.render();
  }

  /** Something the engine refused, said on the page. */
  failed(message: string): void {
    this.message = message;
    this.render();
  }

  private moveInHand(step: number): void {
    const cards = cardsOf(this.session?.game.hand(this.session.personSeat) ?? '');
    if (cards.length === 0) return;
    this.handIndex = (this.handIndex + step + cards.length) % cards.length;
    this.choice = undefined;
    this.render();
  }

  private chooseCard(index: number): void {
    const session = this.session;
    const card = cardsOf(session?.game.hand(session.personSeat) ?? '')[index];
    if (session === undefined || card === undefined || !this.personToMove()) return;
    this.handIndex = index;
    this.choice = choiceFor(session.game, card);
    this.render();
  }

  private moveInChoice(step: number): void {
    const choice = this.choice;
    if (choice === undefined) return;
    choice.index = (choice.index + step + choice.options.length) % choice.options.length;
    this.render();
  }

  private confirm(): void {
    if (this.choice !== undefined) this.playOption(this.choice.index);
    else this.chooseCard(this.handIndex);
  }

  private playOption(index: number): void {
    const session = this.session;
    const option = this.choice?.options[index];
    if (session === undefined || option === undefined || !this.personToMove()) return;
    const played = session.play(option.move);
    const tabla = played.tabla;
    played.free();
    this.played(session.personSeat, option.move, tabla);
    this.choice = undefined;
    this.hint = undefined;
    this.handIndex = 0;
    this.message = tabla ? 'Tabla! You cleared the table.' : '';
    this.render();
    void playBotTurns(this);
  }

  /** A move made: into the log. */
  played(seat: number, move: string, tabla: boolean): void {
    const session = this.session;
    if (session === undefined) return;
    this.log.push(element('li', {}, `${seatName(session, seat)} `, moveInWords(move, seat === session.personSeat && !session.watching),
      tabla ? ' — TABLA!' : '.'));
    this.log = this.log.slice(-LOG_LINES);
  }

  private async openFile(): Promise<void> {
    const file = this.fileInput.files?.[0];
    if (file === undefined) return;
    try {
      const session = await sessionFromFile(file);
      const { players, sideCount } = session.game;
      const table = tableOf(players, sideCount);
      if (table === undefined) {
        throw new Error(`a game of ${players} players in ${sideCount} sides: this page plays 2, 3, 4 alone, or 4 in pairs`);
      }
      this.settings.table = table;
      this.settings.match = session.isMatch;
      this.settings.watch = undefined;
      if (session.seed !== undefined) this.settings.seed = session.seed.toString();
      history.replaceState(null, '', `?${queryOf(this.settings)}`);
      this.log = [element('li', {}, `Opened ${file.name}: ${session.game.plies} moves of this game played.`)];
      this.setSession(session, `Opened ${file.name}.`);
    } catch (error) {
      const text = `Could not open ${file.name}: ${(error as Error).message}`;
      if (this.screen === 'menu') this.menuError = text; else this.message = text;
      this.render();
    }
  }

  // ----- input -----------------------------------------------------------------------------

  private onClick(event: MouseEvent): void {
    if (!this.watching && this.pause.skip()) return;
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-action]');
    if (target === null || (target as HTMLButtonElement).disabled) return;
    const index = target.dataset['index'];
    this.dispatch(target.dataset['action'] ?? '', index === undefined ? undefined : Number(index));
  }

  private onKey(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.keysShown) {
      this.keysShown = false;
      event.preventDefault();
      this.render();
      return;
    }
    if (this.showing !== undefined && !this.watching && this.pause.skip()) {
      event.preventDefault();
      return;
    }
    const target = event.target as HTMLElement;
    const typing = target instanceof HTMLInputElement;
    if (typing && event.key !== 'Enter' && event.key !== 'Escape') return;
    // Enter and Space on a focused button press that button.
    if (!typing && target instanceof HTMLButtonElement && (event.key === 'Enter' || event.key === ' ')) return;
    const binding = bindingFor(this.keyScreen, event.key);
    if (binding === undefined) return;
    event.preventDefault();
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
    const index = binding.action === 'pick-card' ? Number(event.key) - 1
      : binding.action === 'watch-speed' ? binding.keys.indexOf(event.key) : steps[event.key];
    this.dispatch(binding.action, index);
  }

  // ----- drawing ---------------------------------------------------------------------------

  /** Whose keys work now: a watched game's, or the screen's. */
  private get keyScreen(): Screen {
    return this.screen === 'game' && this.watching ? 'watch' : this.screen;
  }

  render(): void {
    const focusedKey = (document.activeElement as HTMLElement | null)?.dataset?.['key'];
    const screen = this.screen === 'menu' ? renderMenu(this.settings, this.menuError)
      : this.screen === 'rules' ? renderRules() : this.renderGame();
    if (this.addressProblems.length > 0) screen.prepend(this.renderAddressProblems());
    this.root.replaceChildren(screen);
    if (this.keysShown) this.root.append(renderKeysHelp(this.keyScreen));
    this.restoreFocus(focusedKey);
  }

  private renderAddressProblems(): HTMLElement {
    return element('div', { class: 'error address-error', role: 'alert', 'data-field': 'address-error' },
      element('p', {}, 'The address asks for settings this page does not know; it plays with the defaults instead:'),
      element('ul', {}, ...this.addressProblems.map((problem) => element('li', {}, problem))));
  }

  private restoreFocus(focusedKey: string | undefined): void {
    const finished = this.session?.game.isFinished === true && this.showing === undefined;
    const wanted = this.screen === 'game'
      ? (this.choice !== undefined ? `option-${this.choice.index}` : this.personToMove() ? `hand-${this.handIndex}`
        : finished ? 'sheet-next' : undefined)
      : focusedKey ?? (this.screen === 'menu' ? 'start' : 'back');
    const target = wanted === undefined ? null : this.root.querySelector<HTMLElement>(`[data-key="${wanted}"]`);
    target?.focus({ preventScroll: false });
  }

  private marks(game: Session['game']): TableMarks {
    if (this.showing !== undefined) {
      const card = partsOf(this.showing.move).card;
      return {
        table: this.showing.tableBefore, taken: takenBy(this.showing),
        played: { seat: this.showing.seat, card, tabla: this.showing.tabla },
      };
    }
    const option = this.choice?.options[this.choice.index];
    const marks: TableMarks = { table: game.table, taken: option?.captured ?? [] };
    if (this.thinking !== undefined) marks.thinking = this.thinking;
    return marks;
  }

  private status(session: Session): (string | HTMLElement)[] {
    const game = session.game;
    if (this.showing !== undefined) {
      const { seat, move, tabla } = this.showing;
      return [this.watching && this.watchPaused ? 'Paused: ' : '', `${seatName(session, seat)} `,
        moveInWords(move, seat === session.personSeat && !session.watching), tabla ? ' — TABLA!' : ''];
    }
    if (this.thinking !== undefined) return [`${seatName(session, this.thinking)} is thinking…`];
    if (game.isFinished) return ['The game is over.'];
    if (this.choice !== undefined) {
      return ['What should ', cardsInline([this.choice.card]), ' take? ↑/↓ and Enter, or click.'];
    }
    return ['Your turn: choose a card (←/→ and Enter, 1–6, or click).'];
  }

  /** The match's running totals, the person's side first: "Match to 101, game 2: You 17 ·
   * Them 33"; with more than two sides each named ("You 17 · West 33 · East 5"). */
  private matchLine(session: Session): string {
    const match = session.matchState;
    if (match === undefined) return '';
    const own = match.sideOf(0);
    const totals = Array.from(match.totals, (total, side) => ({ total, side }))
      .sort((a, b) => Number(b.side === own) - Number(a.side === own))
      .map(({ total, side }) => `${session.watching || match.sideCount > 2 ? matchSideName(session, side)
        : side === own ? 'You' : 'Them'} ${total}`);
    return `Match to ${match.target}, game ${match.gameNumber}: ${totals.join(' · ')}`;
  }

  private renderGame(): HTMLElement {
    const session = this.session;
    if (session === undefined) return element('main', { class: 'screen' });
    const game = session.game;
    const person = session.personSeat;
    const bar = session.watching ? renderWatchBar(this.watchPaused, this.watchSpeed) : element('nav', { class: 'bar', 'aria-label': 'Game' },
      keyButton('Undo', 'U', 'undo'), keyButton('Hint', 'H', 'hint'), keyButton('Save', 'S', 'save'),
      keyButton('Open', 'O', 'open'), keyButton('New', 'N', 'new-game'), keyButton('Rules', 'R', 'rules'),
      keyButton('Menu', 'M', 'menu'), keyButton('Keys', 'K', 'keys'));
    const watchLevel = this.settings.watch;
    const level = session.watching && watchLevel !== undefined
      ? `${sideName(session, game.sideOf(person))} ${levelName(watchLevel)} against ${levelName(this.settings.level)}`
      : levelName(this.settings.level);
    const view = game.view(person);
    const undealt = view.undealt();
    view.free();
    const info = element('p', { class: 'info' },
      `Seed ${session.seed?.toString() ?? '(a deck)'} · ${level} · `
      + `${tableOf(game.players, game.sideCount)?.info ?? `${game.players} players`} · ${undealt} cards to deal`);
    const marks = this.marks(game);
    const personTurn = this.personToMove();
    const matchLine = this.matchLine(session);
    const screen = element('main', { class: 'screen game', 'aria-label': 'Game' },
      element('header', {}, element('h1', {}, 'Tablić'), info), bar,
      matchLine !== '' && element('p', { class: 'match-line', 'data-field': 'match-line' }, matchLine),
      renderTable(session, marks),
      renderSides(session),
      element('p', { class: 'status', role: 'status', 'aria-live': 'polite' }, ...this.status(session)),
      this.message !== '' && element('p', { class: /^(Could not|No hint|The bot)/.test(this.message) ? 'message error' : 'message' }, this.message),
      this.choice !== undefined && renderChoice(this.choice),
      renderHand(game.hand(person), this.handIndex, personTurn, this.choice?.card,
        session.watching ? seatName(session, person) : undefined),
      renderPersonPanel(session, marks),
      this.hint === 'thinking' && element('p', { class: 'hint thinking' }, 'Working out a hint…'),
      this.hint !== undefined && this.hint !== 'thinking' && renderHint(this.hint),
      element('ol', { class: 'log', 'aria-label': 'Last moves' }, ...this.log));
    if (game.isFinished && this.showing === undefined) {
      const sheet = renderSheet(session);
      const next = session.nextGameDue ? keyButton('Next game', 'G', 'next-game') : keyButton('New game', 'N', 'new-game');
      next.classList.add('primary');
      next.dataset['key'] = 'sheet-next';
      sheet.append(element('div', { class: 'actions' }, next, keyButton('Save the record', 'S', 'save'),
        keyButton('Menu', 'M', 'menu')));
      screen.append(sheet);
    }
    return screen;
  }
}
