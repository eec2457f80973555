/**
 * Makes the committed noun list the upload's analysis without a language model reads
 * (docs/product/upload.md#analysis-without-a-language-model): every Spanish common noun Apertium's
 * English–Spanish pair knows in the singular, with its gender, and whether the same spelling is also a verb's
 * infinitive or an adjective. Source: Debian's `apertium-eng-spa` (GPL-2.0, docs/THIRD-PARTY.md); reading
 * its compiled analyser needs `lt-print` from Debian's `lttoolbox`. The JSON is committed; run
 * `tsx scripts/make-spanish-nouns.ts` again only to remake it.
 */
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SpanishNounList } from '../src/server/modules/enrichment/spanish-nouns';

const ANALYSER = '/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin';
const OUTPUT = path.join(import.meta.dirname, '../src/server/modules/enrichment/spanish-nouns.data.json');
/** The readings that matter: a noun, and what else the same spelling can be. */
const KEPT_CATEGORIES = new Set(['n', 'vblex', 'vbmod', 'vbser', 'vbhaver', 'adj']);
const LONGEST_WORD = 30;

interface Arc {
  to: number;
  input: string;
  output: string;
}

/** The analyser's main section (lt-print's ATT text: the sections apart by `--`) as arcs per state. */
function readTransducer(): { arcs: Map<number, Arc[]>; finals: Set<number> } {
  const printed = spawnSync('lt-print', [ANALYSER], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (printed.status !== 0) throw new Error(`lt-print failed: ${printed.stderr}`);
  const sections = printed.stdout.split('\n--\n');
  // The sections are punctuation, the dictionary and the numbers' patterns: the dictionary is the largest.
  const dictionary = sections.reduce((largest, section) =>
    section.length > largest.length ? section : largest,
  );
  const arcs = new Map<number, Arc[]>();
  const finals = new Set<number>();
  for (const line of dictionary.split('\n')) {
    const fields = line.split('\t');
    if (fields.length <= 3) {
      if (fields[0]) finals.add(Number(fields[0]));
      continue;
    }
    const [from, to, input, output] = fields;
    const arc = { to: Number(to), input: input === 'ε' ? '' : input!, output: output === 'ε' ? '' : output! };
    const list = arcs.get(Number(from)) ?? [];
    list.push(arc);
    arcs.set(Number(from), list);
  }
  return { arcs, finals };
}

/**
 * The readings of every lower-case spelling: as a singular noun (amigo, amiga), as an infinitive, as a
 * singular adjective.
 */
function spellingReadings() {
  const { arcs, finals } = readTransducer();
  const readings = new Map<string, Set<string>>();
  const walk = (state: number, input: string, output: string, category: string | null) => {
    if (input.length > LONGEST_WORD) return;
    if (finals.has(state) && category) {
      const lemma = output.slice(0, output.indexOf('<'));
      const tags = output.slice(lemma.length);
      const isSingular = tags.includes('<sg>') || tags.includes('<sp>');
      const isKept = category.startsWith('vb') ? tags.includes('<inf>') && lemma === input : isSingular;
      if (isKept && /^\p{Ll}+$/u.test(input)) {
        const set = readings.get(input) ?? new Set<string>();
        set.add(tags);
        readings.set(input, set);
      }
    }
    for (const arc of arcs.get(state) ?? []) {
      let nextCategory = category;
      if (!category && arc.output.startsWith('<')) {
        nextCategory = arc.output.slice(1, -1);
        if (!KEPT_CATEGORIES.has(nextCategory)) continue;
      }
      // A compound analysis (a verb with its clitics) is not a lemma's own reading.
      if (category && arc.output.startsWith('+')) continue;
      walk(arc.to, input + arc.input, output + arc.output, nextCategory);
    }
  };
  walk(0, '', '', null);
  return readings;
}

const readings = spellingReadings();
const list: SpanishNounList = {
  source: 'apertium-eng-spa 0.8.1 (Debian), spa-eng.automorf.bin',
  licence: 'GPL-2.0',
  masculine: [],
  feminine: [],
  eitherGender: [],
  alsoVerb: [],
  alsoAdjective: [],
};
for (const [word, tagSets] of [...readings].sort(([a], [b]) => a.localeCompare(b, 'es'))) {
  const nounTags = [...tagSets].filter((tags) => tags.startsWith('<n>'));
  if (nounTags.length === 0) continue;
  const isMasculine = nounTags.some((tags) => tags.includes('<m>'));
  const isFeminine = nounTags.some((tags) => tags.includes('<f>'));
  const isEither = nounTags.some((tags) => tags.includes('<mf>')) || (isMasculine && isFeminine);
  if (isEither) list.eitherGender.push(word);
  else if (isMasculine) list.masculine.push(word);
  else if (isFeminine) list.feminine.push(word);
  else continue;
  const others = [...tagSets].filter((tags) => !tags.startsWith('<n>'));
  if (others.some((tags) => tags.startsWith('<vb'))) list.alsoVerb.push(word);
  if (others.some((tags) => tags.startsWith('<adj>'))) list.alsoAdjective.push(word);
}
await writeFile(OUTPUT, `${JSON.stringify(list, null, 2)}\n`);
console.log(
  `${list.masculine.length} masculine, ${list.feminine.length} feminine, ${list.eitherGender.length} either; ` +
    `${list.alsoVerb.length} also verbs, ${list.alsoAdjective.length} also adjectives → ${OUTPUT}`,
);
