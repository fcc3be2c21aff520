import type { Language } from './language.js';

/**
 * Every word the pages show, in both languages, so one page never mixes them. Skat terms follow the
 * usual German tournament vocabulary (Vorhand, Reizen, Schneider) and their English counterparts.
 */
const EN = {
  deals: 'Deals', deck: 'Deck', deckFrench: 'French', deckGerman: 'German', deckTournament: 'Tournament (four colours)', language: 'Language', skipToContent: 'Skip to content', loading: 'Loading…',
  forehand: 'Forehand', middlehand: 'Middlehand', rearhand: 'Rearhand',
  clubs: 'clubs', spades: 'spades', hearts: 'hearts', diamonds: 'diamonds', grand: 'grand', null: 'null',
  hand: 'hand', ouvert: 'ouvert', schneiderAnnounced: 'schneider announced', schwarzAnnounced: 'schwarz announced',
  skat: 'Skat', trick: 'Trick', noCardOnTable: 'no card on the table', noCards: 'no cards', hiddenCards: '{n} hidden',
  declarer: 'declarer', toAct: 'to act', toActLabel: 'To act', bySeat: '{move} ({seat})', game: 'Game', cardPoints: 'Card points', bidding: 'Bidding', tricks: 'Tricks',
  noCallYet: 'no call yet', noneYet: 'none yet', none: 'none', notDeclaredYet: 'not declared yet',
  wonBiddingAt: '{seat} won the bidding at {bid}', declaredBy: '{game} by {seat} (bid {bid})',
  pointsLine: 'declarer {d}, defenders {o}', pointsWithSkat: 'declarer {d} (tricks {t} + skat {s}), defenders {o}',
  pointsSkatHidden: 'declarer {d} in tricks (the skat is hidden), defenders {o}',
  possible: 'Possible now', wonBy: 'won by {seat}, {points} points', notPlayedOut: ' (not played out)',
  stepOf: 'step {n} of {last}', first: '« First', back: '‹ Back', forward: 'Forward ›', last: 'Last »',
  firstStep: 'First step', previousStep: 'Back to the previous step', nextStep: 'Forward to the next step', lastStep: 'Last step', stepSlider: 'Step',
  stepControls: 'Step controls (arrow keys, Home, End)', perspective: 'Perspective',
  pAuto: 'All I may see', pAll: 'All hands', pFore: 'What forehand knew', pMid: 'What middlehand knew', pRear: 'What rearhand knew', pPublic: 'Public',
  resultAndDerivation: 'Result and derivation', inProgress: 'in progress', allPassed: 'All passed: the deal is passed in (R8).',
  notScoreable: 'Not scoreable: {reason}', won: 'won', lost: 'lost', showResult: 'Show the result now', resultAtEnd: 'The result is shown at the last step.',
  resultDetail: 'value {value}, bid {bid}, {matadors}, {points} card points, {tricks} tricks',
  withN: 'with {n}', withoutN: 'without {n}', overbid: 'overbid', correctedFrom: 'corrected; originally {n}',
  audit: 'Audit', chain: 'Hash chain: ', intact: 'intact', brokenAt: 'broken at {at}', recordedVsRecomputed: 'Recorded vs recomputed result: ',
  agree: 'agree', differ: 'differ', corrections: 'Corrections', recorded: '{field}: recorded {recorded}, recomputed {recomputed}',
  live: 'live', following: 'Following the deal live.', liveLost: 'Live updates stopped: {reason}. Reload to try again.',
  noDeal: 'No deal {id}.', couldNotLoad: 'Could not load {id}: {reason}', loadingId: 'Loading {id}…', scoreSheet: 'score sheet {id}',
  rules: 'rules {id}',
  // Steps in words.
  evDealStarted: 'The deal starts.', evCardsDealt: 'The cards are dealt.',
  evBidCalled: '{seat} bids {value}.', evBidHeld: '{seat} holds.', evBidPassed: '{seat} passes.',
  evSkatTaken: '{seat} picks up the skat.', evSkatDiscarded: '{seat} puts two cards away.',
  evGameDeclared: '{seat} declares {game}.', evCardsShown: '{seat} lays the cards open (claim).',
  evCardPlayed: '{seat} plays {card}.', evKontraCalled: '{seat} says Kontra.', evReCalled: '{seat} says Re.',
  evGameResigned: '{seat} resigns.', evDealAbandoned: 'The deal is abandoned.', evDealPassedIn: 'Everybody passed: the deal is passed in.',
  evDealScored: 'The deal is scored.', evScoreCorrected: 'The score is corrected.', evMoveWithdrawn: 'A recording slip is withdrawn.',
  evOther: 'Recorded: {what}.',
  mvBid: 'bid {value}', mvHold: 'hold', mvPass: 'pass', mvPickUpSkat: 'pick up the skat', mvDiscard: 'put two cards away', mvDeclare: 'declare a game',
  mvShowCards: 'lay the cards open', mvPlay: 'play {card}', mvResign: 'resign', mvKontra: 'Kontra', mvRe: 'Re', mvOther: '{kind}',
  // Recorder.
  recorderTitle: 'Recording table {id}', conflictReloaded: 'The table moved on elsewhere ({reason}); the page shows it as recorded now.',
  moveRefused: 'Not recorded: {reason}', recordingSlip: 'recording slip', notYetSent: '{n} not yet sent: {moves}', allSent: 'Everything is recorded.',
  dealEnded: 'Deal {id} has ended.', noOpenDeal: 'No deal is open at this table.', enterDealtCards: 'Enter the dealt cards', serverShuffles: 'Let the server shuffle',
  recordMove: 'Record a move', waitingForServer: 'Waiting for the connection: the next choice depends on the server’s answer.',
  undo: 'Undo last move', undoHint: 'Withdraws the last recorded move (Backspace)', handOf: "{seat}'s hand", bidNext: 'Bid {value}', bidOther: 'Other bid…',
  playHand: 'Play hand (skat stays down)', chooseTwo: 'Choose the two cards to put away', putAway: 'Put away',
  signIn: 'Sign in', pasteToken: 'Token', signInWhy: 'Recording needs the recorder token of this table (from the organiser).',
  enterCards: 'The dealt cards', startWithTheseCards: 'Start the deal with these cards', skatIsRest: 'The two cards left are the skat.',
  tapCardsOf: "Tap {seat}'s cards ({n} of 10).",
  currentDeal: 'Current deal', tableScreen: 'Table {id}', waitingForNextDeal: 'Waiting for the next deal…',
  noTournament: 'No tournament {id}.', standingsOf: 'Standings: {name}', colSeries: 'Series', roundTable: 'Round {round}, table {id}',
  resultOnly: 'Result only', recordResult: 'Record this result', matadorsLabel: 'Matadors', cardPointsWithSkat: "Declarer's card points (skat included)",
  schwarzReached: 'One side took every trick (schwarz)', bidLabel: 'Bid', previewIncomplete: 'Fill in the result to see its value.',
  previewWon: '{who} wins: value {value}, {score}', previewLost: '{who} loses: value {value}, {score}', previewOverbid: '{who} overbid: lost at {value}, {score}',
  // List and sheet.
  filterDeals: 'Filter deals', player: 'Player', table: 'Table', gameType: 'Game type', result: 'Result', filter: 'Filter', any: 'any',
  loadingDeals: 'Loading deals…', moreDeals: 'More deals', nDeals: '{n} deals', couldNotLoadDeals: 'Could not load deals: {reason}',
  colDeal: 'Deal', colDate: 'Date', colPlayers: 'Players', colDeclarer: 'Declarer', colGame: 'Game', colResult: 'Result', colTable: 'Table',
  rWon: 'won', rLost: 'lost', rPassedIn: 'passed in', rNotScoreable: 'not scoreable', rInProgress: 'in progress',
  sheetTitle: 'Score sheet {id}', sheetMeta: '{played} of {length} games · rules {rules}', seriesComplete: ' · series complete', print: 'Print',
  colNo: 'No.', colDealer: 'Dealer', listOfGames: 'List of games', seegerFabian: 'Seeger-Fabian', colRank: 'Rank',
  colGamePoints: 'Game points', colWon: 'Won', colLost: 'Lost', colWonLost: '±50 × (won − lost)', colOppLost: "Opponents' lost games",
  colBonus: 'Bonus', colTotal: 'Total', computer: ' (computer)', correctedNote: ' (corrected from {from}: {reason})', noTable: 'No table {id}.',
} as const;

export type MessageKey = keyof typeof EN;

const DE: Record<MessageKey, string> = {
  deals: 'Spiele', deck: 'Blatt', deckFrench: 'Französisch', deckGerman: 'Deutsch', deckTournament: 'Turnierbild (vier Farben)', language: 'Sprache', skipToContent: 'Zum Inhalt', loading: 'Lädt…',
  forehand: 'Vorhand', middlehand: 'Mittelhand', rearhand: 'Hinterhand',
  clubs: 'Kreuz', spades: 'Pik', hearts: 'Herz', diamonds: 'Karo', grand: 'Grand', null: 'Null',
  hand: 'Hand', ouvert: 'ouvert', schneiderAnnounced: 'Schneider angesagt', schwarzAnnounced: 'Schwarz angesagt',
  skat: 'Skat', trick: 'Stich', noCardOnTable: 'keine Karte auf dem Tisch', noCards: 'keine Karten', hiddenCards: '{n} verdeckt',
  declarer: 'Alleinspieler', toAct: 'am Zug', toActLabel: 'Am Zug', bySeat: '{move} ({seat})', game: 'Spiel', cardPoints: 'Augen', bidding: 'Reizen', tricks: 'Stiche',
  noCallYet: 'noch nicht gereizt', noneYet: 'noch keine', none: 'keine', notDeclaredYet: 'noch nicht angesagt',
  wonBiddingAt: '{seat} hat das Reizen bei {bid} gewonnen', declaredBy: '{game} von {seat} (gereizt {bid})',
  pointsLine: 'Alleinspieler {d}, Gegenspieler {o}', pointsWithSkat: 'Alleinspieler {d} (Stiche {t} + Skat {s}), Gegenspieler {o}',
  pointsSkatHidden: 'Alleinspieler {d} in Stichen (der Skat ist verdeckt), Gegenspieler {o}',
  possible: 'Jetzt möglich', wonBy: 'gewonnen von {seat}, {points} Augen', notPlayedOut: ' (nicht ausgespielt)',
  stepOf: 'Schritt {n} von {last}', first: '« Anfang', back: '‹ Zurück', forward: 'Weiter ›', last: 'Ende »',
  firstStep: 'Anfang: erster Schritt', previousStep: 'Zurück zum vorigen Schritt', nextStep: 'Weiter zum nächsten Schritt', lastStep: 'Ende: letzter Schritt', stepSlider: 'Schritt',
  stepControls: 'Schritte (Pfeiltasten, Pos1, Ende)', perspective: 'Sicht',
  pAuto: 'Alles, was ich sehen darf', pAll: 'Alle Blätter', pFore: 'Was Vorhand wusste', pMid: 'Was Mittelhand wusste', pRear: 'Was Hinterhand wusste', pPublic: 'Öffentlich',
  resultAndDerivation: 'Ergebnis und Herleitung', inProgress: 'läuft', allPassed: 'Alle haben gepasst: das Spiel wird eingepasst (R8).',
  notScoreable: 'Nicht wertbar: {reason}', won: 'gewonnen', lost: 'verloren', showResult: 'Ergebnis jetzt zeigen', resultAtEnd: 'Das Ergebnis steht beim letzten Schritt.',
  resultDetail: 'Spielwert {value}, gereizt {bid}, {matadors}, {points} Augen, {tricks} Stiche',
  withN: 'mit {n}', withoutN: 'ohne {n}', overbid: 'überreizt', correctedFrom: 'berichtigt; vorher {n}',
  audit: 'Prüfung', chain: 'Hash-Kette: ', intact: 'unversehrt', brokenAt: 'gebrochen bei {at}', recordedVsRecomputed: 'Aufgezeichnetes und nachgerechnetes Ergebnis: ',
  agree: 'stimmen überein', differ: 'weichen ab', corrections: 'Berichtigungen', recorded: '{field}: aufgezeichnet {recorded}, nachgerechnet {recomputed}',
  live: 'live', following: 'Das Spiel wird live verfolgt.', liveLost: 'Keine Live-Daten mehr: {reason}. Neu laden, um es wieder zu versuchen.',
  noDeal: 'Kein Spiel {id}.', couldNotLoad: '{id} konnte nicht geladen werden: {reason}', loadingId: '{id} lädt…', scoreSheet: 'Spielliste {id}',
  rules: 'Regeln {id}',
  evDealStarted: 'Das Spiel beginnt.', evCardsDealt: 'Die Karten sind gegeben.',
  evBidCalled: '{seat} reizt {value}.', evBidHeld: '{seat} hält.', evBidPassed: '{seat} passt.',
  evSkatTaken: '{seat} nimmt den Skat auf.', evSkatDiscarded: '{seat} drückt zwei Karten.',
  evGameDeclared: '{seat} sagt {game} an.', evCardsShown: '{seat} legt die Karten offen (Anspruch).',
  evCardPlayed: '{seat} spielt {card}.', evKontraCalled: '{seat} sagt Kontra.', evReCalled: '{seat} sagt Re.',
  evGameResigned: '{seat} gibt auf.', evDealAbandoned: 'Das Spiel wird abgebrochen.', evDealPassedIn: 'Alle haben gepasst: das Spiel wird eingepasst.',
  evDealScored: 'Das Spiel ist gewertet.', evScoreCorrected: 'Die Wertung wird berichtigt.', evMoveWithdrawn: 'Ein Eingabefehler wird zurückgenommen.',
  evOther: 'Aufgezeichnet: {what}.',
  mvBid: '{value} reizen', mvHold: 'halten', mvPass: 'passen', mvPickUpSkat: 'Skat aufnehmen', mvDiscard: 'zwei Karten drücken', mvDeclare: 'ein Spiel ansagen',
  mvShowCards: 'Karten offenlegen', mvPlay: '{card} spielen', mvResign: 'aufgeben', mvKontra: 'Kontra', mvRe: 'Re', mvOther: '{kind}',
  recorderTitle: 'Tisch {id} aufzeichnen', conflictReloaded: 'Am Tisch wurde anderswo weiter aufgezeichnet ({reason}); die Seite zeigt den aktuellen Stand.',
  moveRefused: 'Nicht aufgezeichnet: {reason}', recordingSlip: 'Eingabefehler', notYetSent: '{n} noch nicht gesendet: {moves}', allSent: 'Alles ist aufgezeichnet.',
  dealEnded: 'Spiel {id} ist beendet.', noOpenDeal: 'An diesem Tisch ist kein Spiel offen.', enterDealtCards: 'Gegebene Karten eingeben', serverShuffles: 'Der Server mischt',
  recordMove: 'Zug aufzeichnen', waitingForServer: 'Warte auf die Verbindung: die nächste Wahl hängt von der Antwort des Servers ab.',
  undo: 'Letzten Zug zurücknehmen', undoHint: 'Nimmt den zuletzt aufgezeichneten Zug zurück (Rücktaste)', handOf: 'Blatt von {seat}', bidNext: '{value} reizen', bidOther: 'Anderes Gebot…',
  playHand: 'Hand spielen (Skat bleibt liegen)', chooseTwo: 'Die zwei Karten zum Drücken wählen', putAway: 'Drücken',
  signIn: 'Anmelden', pasteToken: 'Token', signInWhy: 'Zum Aufzeichnen braucht es das Schreiber-Token dieses Tisches (vom Turnierleiter).',
  enterCards: 'Die gegebenen Karten', startWithTheseCards: 'Spiel mit diesen Karten beginnen', skatIsRest: 'Die zwei übrigen Karten sind der Skat.',
  tapCardsOf: 'Karten von {seat} antippen ({n} von 10).',
  currentDeal: 'Laufendes Spiel', tableScreen: 'Tisch {id}', waitingForNextDeal: 'Warte auf das nächste Spiel…',
  noTournament: 'Kein Turnier {id}.', standingsOf: 'Rangliste: {name}', colSeries: 'Serien', roundTable: 'Runde {round}, Tisch {id}',
  resultOnly: 'Nur das Ergebnis', recordResult: 'Ergebnis eintragen', matadorsLabel: 'Spitzen', cardPointsWithSkat: 'Augen des Alleinspielers (mit Skat)',
  schwarzReached: 'Eine Partei hat alle Stiche (schwarz)', bidLabel: 'Reizwert', previewIncomplete: 'Ergebnis ausfüllen, um den Wert zu sehen.',
  previewWon: '{who} gewinnt: Spielwert {value}, {score}', previewLost: '{who} verliert: Spielwert {value}, {score}', previewOverbid: '{who} hat überreizt: verloren mit {value}, {score}',
  filterDeals: 'Spiele filtern', player: 'Spieler', table: 'Tisch', gameType: 'Spielart', result: 'Ergebnis', filter: 'Filtern', any: 'alle',
  loadingDeals: 'Spiele laden…', moreDeals: 'Weitere Spiele', nDeals: '{n} Spiele', couldNotLoadDeals: 'Spiele konnten nicht geladen werden: {reason}',
  colDeal: 'Spiel', colDate: 'Datum', colPlayers: 'Spieler', colDeclarer: 'Alleinspieler', colGame: 'Spiel', colResult: 'Ergebnis', colTable: 'Tisch',
  rWon: 'gewonnen', rLost: 'verloren', rPassedIn: 'eingepasst', rNotScoreable: 'nicht wertbar', rInProgress: 'läuft',
  sheetTitle: 'Spielliste {id}', sheetMeta: '{played} von {length} Spielen · Regeln {rules}', seriesComplete: ' · Serie beendet', print: 'Drucken',
  colNo: 'Nr.', colDealer: 'Geber', listOfGames: 'Spielliste', seegerFabian: 'Seeger-Fabian', colRank: 'Platz',
  colGamePoints: 'Spielpunkte', colWon: 'Gew.', colLost: 'Verl.', colWonLost: '±50 × (gew. − verl.)', colOppLost: 'Verlorene Spiele der Gegner',
  colBonus: 'Zuschlag', colTotal: 'Gesamt', computer: ' (Computer)', correctedNote: ' (berichtigt von {from}: {reason})', noTable: 'Kein Tisch {id}.',
};

const TABLES: Record<Language, Record<MessageKey, string>> = { en: EN, de: DE };
let current: Language = 'en';

export function setLanguage(lang: Language): void {
  current = lang;
  document.documentElement.lang = lang;
}

/** The message in the page's language with {name} placeholders filled in. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return TABLES[current][key].replace(/\{(\w+)\}/g, (_, name: string) => (name in params ? String(params[name]) : `{${name}}`));
}
