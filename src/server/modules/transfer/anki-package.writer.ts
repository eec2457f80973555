import { createHash } from 'node:crypto';
import { loadSqlJs } from './anki-collection';
import { plainTextOfField } from './import-table';

/**
 * An Anki collection of schema 11 (docs/product/transfer.md#anki-packages), the layout every Anki since
 * 2.0 imports, current versions included: the tables and `col` row Anki's own schema-11 file has, note
 * types and decks as JSON with every key current Anki requires, one card per note and template whose front it fills. It is
 * packed as `collection.anki2` with a JSON media map, which needs no zstd.
 */

export interface AnkiNoteTypeSpec {
  id: number;
  name: string;
  fields: readonly string[];
  /**
   * `requiredField`: the field (by position, the first when left out) the front cannot do without; a note
   * whose field is empty gets no card of that template, as Anki makes none with an empty front.
   */
  templates: ReadonlyArray<{ name: string; front: string; back: string; requiredField?: number }>;
  css: string;
}
/** A deck; levels are separated by `::` as Anki shows them. */
export interface AnkiDeckSpec {
  id: number;
  name: string;
}
export interface AnkiNoteSpec {
  guid: string;
  noteTypeId: number;
  deckId: number;
  /** HTML, one per field of the note type, in its order. */
  fields: readonly string[];
  tags?: readonly string[];
}

const SCHEMA = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
  models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
  ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
  left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);`;

const DECK_OPTIONS = {
  1: {
    autoplay: true,
    id: 1,
    lapse: { delays: [10], leechAction: 0, leechFails: 8, minInt: 1, mult: 0 },
    maxTaken: 60,
    mod: 0,
    name: 'Default',
    new: {
      bury: true,
      delays: [1, 10],
      initialFactor: 2500,
      ints: [1, 4, 7],
      order: 1,
      perDay: 20,
      separate: true,
    },
    replayq: true,
    rev: { bury: true, ease4: 1.3, fuzz: 0.05, ivlFct: 1, maxIvl: 36500, minSpace: 1, perDay: 100 },
    timer: 0,
    usn: 0,
  },
};

const deckJson = (deck: AnkiDeckSpec, modSeconds: number) => ({
  id: deck.id,
  name: deck.name,
  conf: 1,
  desc: '',
  dyn: 0,
  collapsed: false,
  extendNew: 10,
  extendRev: 50,
  lrnToday: [0, 0],
  newToday: [0, 0],
  revToday: [0, 0],
  timeToday: [0, 0],
  mod: modSeconds,
  usn: -1,
});

const noteTypeJson = (noteType: AnkiNoteTypeSpec, deckId: number, modSeconds: number) => ({
  id: noteType.id,
  name: noteType.name,
  type: 0,
  mod: modSeconds,
  usn: -1,
  sortf: 0,
  did: deckId,
  css: noteType.css,
  latexPre:
    '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
  latexPost: '\\end{document}',
  latexsvg: false,
  tags: [],
  vers: [],
  req: noteType.templates.map((template, ord) => [ord, 'any', [template.requiredField ?? 0]]),
  flds: noteType.fields.map((name, ord) => ({
    name,
    ord,
    font: 'Arial',
    size: 20,
    sticky: false,
    rtl: false,
    media: [],
  })),
  tmpls: noteType.templates.map((template, ord) => ({
    name: template.name,
    ord,
    qfmt: template.front,
    afmt: template.back,
    bqfmt: '',
    bafmt: '',
    did: null,
    bfont: '',
    bsize: 0,
  })),
});

/** Anki's checksum of a note: the first 8 hex digits of the SHA-1 of its first field's text. */
const checksumOf = (firstField: string) =>
  parseInt(createHash('sha1').update(plainTextOfField(firstField)).digest('hex').slice(0, 8), 16);

/** Escapes text for an Anki field, which Anki reads as HTML. */
export const htmlOf = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function buildLegacyCollection(collection: {
  noteTypes: readonly AnkiNoteTypeSpec[];
  decks: readonly AnkiDeckSpec[];
  notes: readonly AnkiNoteSpec[];
  now: Date;
}): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    const nowMs = collection.now.getTime();
    const modSeconds = Math.floor(nowMs / 1000);
    const firstDeck = collection.decks[0]?.id ?? 1;
    db.run(SCHEMA);
    const decks = Object.fromEntries(
      [{ id: 1, name: 'Default' }, ...collection.decks].map((deck) => [
        String(deck.id),
        deckJson(deck, modSeconds),
      ]),
    );
    const models = Object.fromEntries(
      collection.noteTypes.map((noteType) => [
        String(noteType.id),
        noteTypeJson(noteType, firstDeck, modSeconds),
      ]),
    );
    const conf = {
      activeDecks: [1],
      addToCur: true,
      collapseTime: 1200,
      curDeck: firstDeck,
      curModel: String(collection.noteTypes[0]?.id ?? ''),
      dueCounts: true,
      estTimes: true,
      newBury: true,
      newSpread: 0,
      nextPos: collection.notes.length + 1,
      sortBackwards: false,
      sortType: 'noteFld',
      timeLim: 0,
    };
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      modSeconds - (modSeconds % 86_400),
      nowMs,
      nowMs,
      JSON.stringify(conf),
      JSON.stringify(models),
      JSON.stringify(decks),
      JSON.stringify(DECK_OPTIONS),
      '{}',
    ]);
    const templatesOf = new Map(collection.noteTypes.map((noteType) => [noteType.id, noteType.templates]));
    /** The templates whose front this note fills: one card each. */
    const cardOrdsOf = (note: AnkiNoteSpec) =>
      (templatesOf.get(note.noteTypeId) ?? []).flatMap((template, ord) =>
        plainTextOfField(note.fields[template.requiredField ?? 0] ?? '') === '' ? [] : [ord],
      );
    const cardCount = collection.notes.reduce((sum, note) => sum + cardOrdsOf(note).length, 0);
    // Ids are creation times in milliseconds, all in the past, as Anki's own are.
    let nextNoteId = nowMs - collection.notes.length - cardCount - 1;
    let nextCardId = nowMs - cardCount;
    const insertNote = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
    const insertCard = db.prepare(
      'INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)',
    );
    db.run('BEGIN');
    collection.notes.forEach((note, position) => {
      const noteId = nextNoteId;
      nextNoteId += 1;
      const first = note.fields[0] ?? '';
      const tags = note.tags?.length ? ` ${note.tags.join(' ')} ` : '';
      insertNote.run([
        noteId,
        note.guid,
        note.noteTypeId,
        modSeconds,
        tags,
        note.fields.join('\x1f'),
        plainTextOfField(first),
        checksumOf(first),
        '',
      ]);
      for (const ord of cardOrdsOf(note)) {
        insertCard.run([nextCardId, noteId, note.deckId, ord, modSeconds, position + 1, '']);
        nextCardId += 1;
      }
    });
    db.run('COMMIT');
    insertNote.free();
    insertCard.free();
    return db.export();
  } finally {
    db.close();
  }
}
